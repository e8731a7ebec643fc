import { parseArgs } from '../lib/node-builtins.js';
import type { ParseArgsConfig } from 'node:util';
import { CONFIG_OPTIONS, flagErrorSentence, loadConfig, ConfigError, siteFolders, type Config } from '../config.js';
import { UsageError } from './cli-error.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

type Options = NonNullable<ParseArgsConfig['options']>;


export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  config: Config;
  /** The site's trusted folders (config.ts, siteFolders): one value for all the command does. */
  trustedFolders: TrustedFolders;
}

/**
 * Parses a command's arguments (its own options plus the configuration options every command takes) and
 * loads the configuration from them and the environment. Unknown options are usage errors.
 */
export function parseCommand(args: string[], options: Options, maxPositionals: number): Parsed {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { ...CONFIG_OPTIONS, ...options }, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(flagErrorSentence(error, Object.keys({ ...CONFIG_OPTIONS, ...options })));
  }
  if (parsed.positionals.length > maxPositionals) throw new UsageError(`Unexpected argument "${parsed.positionals[maxPositionals]}".`);
  const configArgs: string[] = [];
  const values = parsed.values as Record<string, unknown>;
  for (const name of Object.keys(CONFIG_OPTIONS)) {
    const value = values[name];
    if (typeof value === 'string') configArgs.push(`--${name}=${value}`);
    else if (value === true) configArgs.push(`--${name}`);
  }
  let config: Config;
  try {
    config = loadConfig(configArgs);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message.replace(/^svc: /, ''));
    throw error;
  }
  return { values: parsed.values as Parsed['values'], positionals: parsed.positionals, config, trustedFolders: siteFolders(config) };
}

/** A required string option, or a usage error naming it. */
export function requireOption(values: Parsed['values'], name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`The option --${name} is required.`);
  return value;
}

/** Reads a secret piped to stdin (first line, without its line break). */
export async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}
