import { parseArgs } from 'node:util';
import { resolve, join } from 'node:path';
import { z } from 'zod';

export interface Config {
  /** The installation: content/, plugins/, theme/ live here. */
  root: string;
  /** Private data (accounts, tokens, revisions, statistics); never served. */
  dataDir: string;
  host: string;
  port: number;
  /** Public base URL without a trailing slash, e.g. https://example.org; defaults to http://host:port. */
  baseUrl: string;
  /** Honour X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  trustProxy: boolean;
  /**
   * The spec's rate limits (MCP 60/min per person, Content API 120/min, OAuth). `SVC_RATE_LIMITS=off` turns
   * them off for benchmarks, or where a proxy in front enforces its own. Only `false` turns them off.
   */
  rateLimits?: boolean;
}

const schema = z.object({
  root: z.string().min(1),
  dataDir: z.string().min(1).optional(),
  host: z.string().min(1).regex(/^[A-Za-z0-9.:\-\[\]]+$/, 'must be a host name or address'),
  port: z.string().regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535').transform(Number).refine((value) => value <= 65535, 'must be a whole number from 0 to 65535'),
  baseUrl: z.string().url('must be an absolute http(s) address').refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://').optional(),
  trustProxy: z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0' }).optional(),
  rateLimits: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
});

export class ConfigError extends Error {}

/**
 * Reads the configuration from flags (`--root`, `--data`, `--host`, `--port`, `--base-url`, `--trust-proxy`)
 * over the environment (SVC_ROOT, SVC_DATA, SVC_HOST, SVC_PORT, SVC_BASE_URL, SVC_TRUST_PROXY).
 * Throws ConfigError with one sentence when a value is bad.
 */
export function loadConfig(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Config {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        root: { type: 'string' },
        data: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        'base-url': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        token: { type: 'string' },
      },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    throw new ConfigError(`svc: ${(error as Error).message}`);
  }
  const raw = {
    root: (values.root as string | undefined) ?? env.SVC_ROOT ?? process.cwd(),
    dataDir: (values.data as string | undefined) ?? env.SVC_DATA,
    host: (values.host as string | undefined) ?? env.SVC_HOST ?? '127.0.0.1',
    port: (values.port as string | undefined) ?? env.SVC_PORT ?? '8080',
    baseUrl: (values['base-url'] as string | undefined) ?? (env.SVC_BASE_URL || undefined),
    trustProxy: values['trust-proxy'] === true ? '1' : env.SVC_TRUST_PROXY,
    rateLimits: env.SVC_RATE_LIMITS || undefined,
  };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = { root: 'SVC_ROOT', dataDir: 'SVC_DATA', host: 'SVC_HOST', port: 'SVC_PORT', baseUrl: 'SVC_BASE_URL', trustProxy: 'SVC_TRUST_PROXY', rateLimits: 'SVC_RATE_LIMITS' }[String(issue.path[0])] ?? String(issue.path[0]);
    throw new ConfigError(`svc: the setting ${name} ${issue.message.replace(/^Invalid [a-z ]+: /, 'is invalid: ')}.`);
  }
  const value = parsed.data;
  const root = resolve(value.root);
  const hostForUrl = value.host.includes(':') && !value.host.startsWith('[') ? `[${value.host}]` : value.host;
  return {
    root,
    dataDir: value.dataDir ? resolve(value.dataDir) : join(root, 'data'),
    host: value.host,
    port: value.port,
    baseUrl: (value.baseUrl ?? `http://${hostForUrl === '0.0.0.0' ? '127.0.0.1' : hostForUrl}:${value.port}`).replace(/\/+$/, ''),
    trustProxy: value.trustProxy === '1' || value.trustProxy === 'true',
    rateLimits: value.rateLimits !== 'off',
  };
}
