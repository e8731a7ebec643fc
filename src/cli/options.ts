import { parseArgs } from '../lib/node-builtins.js';
import type { ParseArgsConfig } from 'node:util';
import { CONFIG_OPTIONS, flagErrorSentence, loadConfig, ConfigError, siteFolders, type Config } from '../config.js';
import { UsageError } from './cli-error.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { repeatedOptionSentence } from '../lib/repeated-option.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

/** What one command (or subcommand) takes besides the configuration options: its options, and how many arguments. */
export interface CommandShape {
  options: Options;
  arguments: number;
  /** A command that only reads: what it lists (`accounts`). It makes no folder (cli/site-access.ts). */
  reads?: string;
}

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  /** The command's own arguments, after its words (`svc user role <these>`). */
  positionals: string[];
  config: Config;
  /** The site's trusted folders (config.ts, siteFolders): one value for all the command does. */
  trustedFolders: TrustedFolders;
}

/**
 * `--days -5` as `--days=-5`: util.parseArgs refuses a value that starts with a dash as "ambiguous", and the
 * person then hears nothing about what is wrong with it. A next argument that is one of the options stays
 * an option (`--name --role admin` lacks a name); anything else after a string option is its value, so
 * the command's own check names the problem (`--days takes a whole number ...`).
 */
function joinDashValues(args: string[], options: Options): string[] {
  const isOption = (arg: string) => arg === '--' || (arg.startsWith('--') && Object.hasOwn(options, arg.slice(2).split('=')[0]!));
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return [...joined, ...args.slice(i)];
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : '';
    const next = args[i + 1];
    if (name !== '' && Object.hasOwn(options, name) && options[name]!.type === 'string' && next?.startsWith('-') && !isOption(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/**
 * Reads `args` against exactly `options` (strict), as one command takes them: an option not among them, an
 * option given twice (unless it is `multiple`, like --scope) and more than `maxPositionals` arguments are
 * usage errors naming what was given. Nothing else is done: no configuration is read.
 */
export function readCommandLine(args: string[], options: Options, maxPositionals: number): { values: Parsed['values']; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: joinDashValues(args, options), options, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new UsageError(flagErrorSentence(error, Object.keys(options)));
  }
  const repeated = repeatedOptionSentence(parsed.tokens, options);
  if (repeated !== null) throw new UsageError(repeated);
  if (parsed.positionals.length > maxPositionals) throw new UsageError(`Unexpected argument "${parsed.positionals[maxPositionals]}".`);
  return { values: parsed.values as Parsed['values'], positionals: parsed.positionals };
}

/**
 * Parses a command's arguments (its own options plus the configuration options every command takes) and
 * loads the configuration from them and the environment. See readCommandLine for what is refused.
 */
export function parseCommand(args: string[], shape: CommandShape): Parsed {
  const { values, positionals } = readCommandLine(args, { ...CONFIG_OPTIONS, ...shape.options }, shape.arguments);
  const configArgs: string[] = [];
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
  return { values, positionals, config, trustedFolders: siteFolders(config) };
}

/** The shape of a subcommand of `command`, or a usage error naming the ones there are. */
export function shapeOf(command: string, sub: string | undefined, shapes: Record<string, CommandShape>): CommandShape {
  const names = Object.keys(shapes);
  const list = `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  if (sub === undefined || sub.startsWith('-')) throw new UsageError(`Name a ${command} command: ${list}`);
  if (!Object.hasOwn(shapes, sub)) throw new UsageError(`Unknown ${command} command "${sub}"; use ${list}`);
  return shapes[sub]!;
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
