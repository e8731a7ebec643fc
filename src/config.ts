import { parseArgs } from './lib/node-builtins.js';
import { readRateLimitSettings, type RateLimitsSetting } from './lib/rate-limit-settings.js';
import { TrustedFolders } from './lib/trusted-folders.js';
import { scryptCostSetting } from './lib/scrypt-cost.js';
import { repeatedOptionSentence } from './lib/repeated-option.js';
import { asciiAddress, publicAddressProblem } from './lib/site-address.js';
import { resolve, join } from 'node:path';

export interface Config {
  /** The installation: content/, plugins/, theme/ live here. */
  root: string;
  /** Private data (accounts, tokens, revisions, statistics); never served. */
  dataDir: string;
  host: string;
  port: number;
  /** Public base URL without a trailing slash, e.g. https://example.org; defaults to http://host:port. */
  baseUrl: string;
  /**
   * Whether `--base-url` or SVC_BASE_URL named the base URL (false: derived from host and port). The stdio
   * server listens nowhere, so without one it takes the site's own `url` from site.yaml instead.
   */
  baseUrlGiven: boolean;
  /** Honour X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  trustProxy: boolean;
  /**
   * The spec's rate limits (MCP 60/min per person, Content API 120/min, OAuth registration 10/min and token
   * endpoint 30/min). `SVC_RATE_LIMITS=off` (false) turns them all off for benchmarks, or where a proxy in
   * front enforces its own; SVC_RATE_LIMIT_MCP, _API, _OAUTH_REGISTER, _OAUTH_TOKEN set each one on its own
   * (lib/rate-limit-settings.ts). Absent or true: the spec's.
   */
  rateLimits?: RateLimitsSetting;
  /**
   * Seconds an idle keep-alive connection is kept, and connections open at once; absent unless given: the
   * defaults are the HTTP server's (lib/connection-settings.ts), which the stdio server never loads.
   */
  keepAliveTimeout?: number;
  maxConnections?: number;
}

export class ConfigError extends Error {}

/** The configuration flags every command and server takes (util.parseArgs options). */
export const CONFIG_OPTIONS = {
  root: { type: 'string' },
  data: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  'base-url': { type: 'string' },
  'trust-proxy': { type: 'boolean' },
  'keep-alive-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
} as const;

/** What the servers read: the configuration and the stdio server's --token. */
const FLAG_OPTIONS = { ...CONFIG_OPTIONS, token: { type: 'string' } } as const;

/**
 * The flags, exactly as util.parseArgs reads them (strict, positionals allowed), a flag given twice refused as
 * the `svc` command line refuses it (lib/repeated-option.ts); throws ConfigError with its sentence.
 * `--name=value` and a bare `--trust-proxy` are read by hand, since loading and running parseArgs is about a
 * millisecond of a stdio server's cold start and gives the same values for these forms; any other form (a
 * value as the next argument, short flags, `--`, unknown names) and any name seen twice go to parseArgs itself.
 */
export function readFlags(argv: string[]): Record<string, string | boolean | undefined> {
  const values: Record<string, string | boolean | undefined> = {};
  for (const arg of argv) {
    const equals = arg.indexOf('=');
    const name = arg === '--trust-proxy' ? 'trust-proxy' : arg.startsWith('--') && equals > 2 ? arg.slice(2, equals) : undefined;
    const byHand = name !== undefined && (arg === '--trust-proxy' || (name !== 'trust-proxy' && Object.hasOwn(FLAG_OPTIONS, name)));
    if (byHand && !Object.hasOwn(values, name)) values[name] = arg === '--trust-proxy' ? true : arg.slice(equals + 1);
    else if (arg.startsWith('-')) return parseFlags(argv);
  }
  return values;
}

function parseFlags(argv: string[]): Record<string, string | boolean | undefined> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: FLAG_OPTIONS, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw new ConfigError(`svc: ${flagErrorSentence(error, Object.keys(FLAG_OPTIONS))}`);
  }
  const repeated = repeatedOptionSentence(parsed.tokens, FLAG_OPTIONS);
  if (repeated !== null) throw new ConfigError(`svc: ${repeated}.`);
  return parsed.values;
}

/**
 * util.parseArgs's refusal as one sentence: an unknown option names the ones there are (its own message
 * explains how to pass a positional that starts with a dash, which nobody here meant).
 */
export function flagErrorSentence(error: unknown, known: readonly string[]): string {
  const message = String((error as Error | null)?.message ?? error);
  const code = (error as { code?: string } | null)?.code;
  const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']+)'/.exec(message) : null;
  if (unknown) return `${unknown[1]} is not an option here; the options are ${known.map((name) => `--${name}`).join(', ')}.`;
  // A value left out, in words (parseArgs calls one followed by an option "ambiguous" and explains `--`).
  const value = code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? /^Option '(?:-\w, )?(--[^' ]+)(?: <value>)?' (argument missing|argument is ambiguous|does not take)/.exec(message) : null;
  if (value) return value[2] === 'does not take' ? `${value[1]} takes no value.` : `${value[1]} needs a value.`;
  return message.split('\n')[0]!;
}

/**
 * Reads the configuration from flags (`--root`, `--data`, `--host`, `--port`, `--base-url`, `--trust-proxy`,
 * `--keep-alive-timeout`, `--max-connections`) over the environment (SVC_ROOT, SVC_DATA, SVC_HOST, SVC_PORT,
 * SVC_BASE_URL, SVC_TRUST_PROXY, SVC_KEEP_ALIVE_TIMEOUT, SVC_MAX_CONNECTIONS; the rate limits and the
 * password hashes' cost only from the environment: SVC_RATE_LIMITS, SVC_RATE_LIMIT_<NAME>, SVC_SCRYPT_N).
 * Throws ConfigError with one sentence when a value is bad.
 */
export function loadConfig(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Config {
  const values = readFlags(argv);
  const flag = (name: string) => values[name] as string | undefined;
  const raw = {
    root: flag('root') ?? env.SVC_ROOT ?? process.cwd(),
    dataDir: flag('data') ?? env.SVC_DATA,
    host: flag('host') ?? env.SVC_HOST ?? '127.0.0.1',
    port: flag('port') ?? env.SVC_PORT ?? '8080',
    baseUrl: flag('base-url') ?? (env.SVC_BASE_URL || undefined),
    trustProxy: values['trust-proxy'] === true ? '1' : env.SVC_TRUST_PROXY,
    rateLimits: env.SVC_RATE_LIMITS || undefined,
    keepAliveTimeout: flag('keep-alive-timeout') ?? (env.SVC_KEEP_ALIVE_TIMEOUT || undefined),
    maxConnections: flag('max-connections') ?? (env.SVC_MAX_CONNECTIONS || undefined),
  };
  // A bad value is named the way it was given: `--port` when it came from the command line.
  const givenAs = (setting: Setting): string => {
    const name = FLAG_NAMES[setting];
    return name !== undefined && values[name] !== undefined ? `--${name}` : `the setting ${SETTING_NAMES[setting]}`;
  };
  const value = validate(raw, givenAs);
  const limits = readRateLimitSettings(value.rateLimits === 'off', env);
  if ('problem' in limits) throw new ConfigError(`svc: the setting ${limits.variable} ${limits.problem}.`);
  const scryptCost = scryptCostSetting(env);
  if ('problem' in scryptCost) throw new ConfigError(`svc: the setting SVC_SCRYPT_N ${scryptCost.problem}.`);
  const root = resolve(value.root);
  const hostForUrl = value.host.includes(':') && !value.host.startsWith('[') ? `[${value.host}]` : value.host;
  // The address derived from the host must itself be a valid URL (999.1.1.1 or 1:2:3 are not hosts).
  if (value.baseUrl === undefined && !URL.canParse(`http://${hostForUrl}:${value.port}`)) {
    throw new ConfigError(`svc: ${givenAs('host')} must be a host name or address.`);
  }
  return {
    root,
    dataDir: value.dataDir ? resolve(value.dataDir) : join(root, 'data'),
    host: value.host,
    port: value.port,
    baseUrl: (value.baseUrl ?? `http://${hostForUrl === '0.0.0.0' ? '127.0.0.1' : hostForUrl}:${value.port}`).replace(/\/+$/, ''),
    baseUrlGiven: value.baseUrl !== undefined,
    trustProxy: value.trustProxy === '1' || value.trustProxy === 'true',
    rateLimits: limits.value,
    ...(value.keepAliveTimeout !== undefined && { keepAliveTimeout: value.keepAliveTimeout }),
    ...(value.maxConnections !== undefined && { maxConnections: value.maxConnections }),
  };
}

type Setting = keyof typeof SETTING_NAMES;
const SETTING_NAMES = {
  root: 'SVC_ROOT', dataDir: 'SVC_DATA', host: 'SVC_HOST', port: 'SVC_PORT', baseUrl: 'SVC_BASE_URL', trustProxy: 'SVC_TRUST_PROXY', rateLimits: 'SVC_RATE_LIMITS',
  keepAliveTimeout: 'SVC_KEEP_ALIVE_TIMEOUT', maxConnections: 'SVC_MAX_CONNECTIONS',
} as const;
const FLAG_NAMES: Partial<Record<Setting, string>> = {
  root: 'root', dataDir: 'data', host: 'host', port: 'port', baseUrl: 'base-url', trustProxy: 'trust-proxy', keepAliveTimeout: 'keep-alive-timeout', maxConnections: 'max-connections',
};
const HOST = /^[A-Za-z0-9.:\-\[\]]+$/;
const PORT = /^\d{1,5}$/;
const WHOLE = /^\d{1,7}$/;
const NOT_EMPTY = 'must not be empty';

/**
 * Checks the raw settings in field order and refuses the first bad one. Hand-written rather than a schema
 * library: every process (the stdio server most of all) starts here, and loading one costs more than the
 * rest of start-up. The sentences are those test/config.test.ts pins.
 */
function validate(raw: {
  root: string; dataDir: string | undefined; host: string; port: string; baseUrl: string | undefined; trustProxy: string | undefined; rateLimits: string | undefined;
  keepAliveTimeout: string | undefined; maxConnections: string | undefined;
}, givenAs: (setting: Setting) => string) {
  const refuse = (setting: Setting, message: string): never => {
    throw new ConfigError(`svc: ${givenAs(setting)} ${message}.`);
  };
  if (raw.root.length === 0) refuse('root', NOT_EMPTY);
  if (raw.dataDir !== undefined && raw.dataDir.length === 0) refuse('dataDir', NOT_EMPTY);
  if (raw.host.length === 0) refuse('host', NOT_EMPTY);
  if (!HOST.test(raw.host)) refuse('host', 'must be a host name or address');
  if (!PORT.test(raw.port) || Number(raw.port) > 65535) refuse('port', 'must be a whole number from 0 to 65535');
  let baseUrl: string | undefined;
  if (raw.baseUrl !== undefined) {
    // As the WHATWG parser reads it: surrounding space trimmed, tabs and newlines inside dropped.
    const trimmed = raw.baseUrl.trim();
    if (!URL.canParse(trimmed)) refuse('baseUrl', 'must be an absolute http(s) address');
    baseUrl = trimmed.replace(/[\t\n\r]/g, '');
    const problem = publicAddressProblem(baseUrl);
    if (problem !== null) refuse('baseUrl', problem);
    baseUrl = asciiAddress(baseUrl);
  }
  if (raw.trustProxy !== undefined && !['0', '1', 'true', 'false'].includes(raw.trustProxy)) refuse('trustProxy', 'must be 1 or 0');
  if (raw.rateLimits !== undefined && raw.rateLimits !== 'on' && raw.rateLimits !== 'off') refuse('rateLimits', 'must be on or off');
  const between = (setting: 'keepAliveTimeout' | 'maxConnections', text: string | undefined, max: number, what: string): number | undefined => {
    if (text === undefined) return undefined;
    const number = Number(text);
    if (!WHOLE.test(text) || number < 1 || number > max) refuse(setting, `must be ${what} from 1 to ${max}`);
    return number;
  };
  const keepAliveTimeout = between('keepAliveTimeout', raw.keepAliveTimeout, 3600, 'a whole number of seconds');
  const maxConnections = between('maxConnections', raw.maxConnections, 1_000_000, 'a whole number');
  return { root: raw.root, dataDir: raw.dataDir, host: raw.host, port: Number(raw.port), baseUrl, trustProxy: raw.trustProxy, rateLimits: raw.rateLimits, keepAliveTimeout, maxConnections };
}

/**
 * The site's trusted folders: paths below content/ and the data folder are judged from those folders
 * down; they, and the root above them, may be reached through symbolic links (/var/www -> /srv); nothing
 * below them is followed (lib/no-follow.ts). Made once per site, with its configuration (wiring/build-deps.ts,
 * the CLI's commands), and handed to everything that reads or writes its files.
 */
export function siteFolders(config: Pick<Config, 'root' | 'dataDir'>): TrustedFolders {
  return new TrustedFolders([join(config.root, 'content'), config.dataDir]);
}

/** The configuration for an entry: a wrong value ends the process with its one sentence and exit code 2. */
export function configOrExit(argv: string[]): Config {
  try {
    return loadConfig(argv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(error.message + '\n');
    process.exit(2);
  }
}
