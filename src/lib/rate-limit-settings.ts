// The rate limits an operator can set: the spec's four and the statistics' beacons (requests a minute), each on its own
// (SVC_RATE_LIMIT_MCP=120, SVC_RATE_LIMIT_OAUTH_TOKEN=off), or all at once (SVC_RATE_LIMITS=off). A
// setting for one limit wins over the switch for all, so `SVC_RATE_LIMITS=off SVC_RATE_LIMIT_OAUTH_TOKEN=30`
// keeps only the token endpoint's.

/**
 * The spec's values (Limits table): MCP per person, Content API, OAuth registration, OAuth token endpoint;
 * and POST /svc/collect with /svc/consent per client address: a reader's page sends a few beacons a minute,
 * and one address may be a whole office or school behind one router, so 600 a minute leaves their reading
 * counted and stops a script that makes up thousands of visitors a minute from one address.
 */
export const SPEC_RATE_LIMITS = { mcp: 60, api: 120, oauth_register: 10, oauth_token: 30, collect: 600 } as const;

export type RateLimitName = keyof typeof SPEC_RATE_LIMITS;

/** Requests a minute for each limit; null where the limit is off. */
export type RateLimitSettings = Record<RateLimitName, number | null>;

/** The environment variable that sets each limit. */
export const RATE_LIMIT_VARIABLES: Record<RateLimitName, string> = {
  mcp: 'SVC_RATE_LIMIT_MCP',
  api: 'SVC_RATE_LIMIT_API',
  oauth_register: 'SVC_RATE_LIMIT_OAUTH_REGISTER',
  oauth_token: 'SVC_RATE_LIMIT_OAUTH_TOKEN',
  collect: 'SVC_RATE_LIMIT_COLLECT',
};

/** Higher than any one client could need; a bucket this size still refills evenly. */
export const MAX_RATE_LIMIT = 1_000_000;

/**
 * How a configuration states its limits: absent or true = the spec's, false = all off (SVC_RATE_LIMITS=off),
 * or each limit's own value (a limit left out keeps the spec's).
 */
export type RateLimitsSetting = boolean | Partial<RateLimitSettings> | undefined;

/** Requests a minute `name` allows under `setting`, or null when it is off. */
export function rateLimitOf(setting: RateLimitsSetting, name: RateLimitName): number | null {
  if (setting === false) return null;
  if (setting === true || setting === undefined) return SPEC_RATE_LIMITS[name];
  const value = setting[name];
  return value === undefined ? SPEC_RATE_LIMITS[name] : value;
}

/**
 * Reads the per-limit variables beside the switch for all (`allOff`). Returns the switch alone (a boolean)
 * when no limit is set on its own, each limit's value otherwise; or, for a bad value, the variable's name
 * and what it must be.
 */
export function readRateLimitSettings(allOff: boolean, env: Record<string, string | undefined>): { value: RateLimitsSetting } | { variable: string; problem: string } {
  const own: Partial<RateLimitSettings> = {};
  for (const name of Object.keys(SPEC_RATE_LIMITS) as RateLimitName[]) {
    const raw = env[RATE_LIMIT_VARIABLES[name]];
    if (raw === undefined || raw === '') continue;
    if (raw === 'off') own[name] = null;
    else if (/^[1-9][0-9]{0,6}$/.test(raw) && Number(raw) <= MAX_RATE_LIMIT) own[name] = Number(raw);
    else return { variable: RATE_LIMIT_VARIABLES[name], problem: `must be a whole number of requests a minute from 1 to ${MAX_RATE_LIMIT}, or off` };
  }
  if (Object.keys(own).length === 0) return { value: !allOff };
  const value = {} as RateLimitSettings;
  for (const name of Object.keys(SPEC_RATE_LIMITS) as RateLimitName[]) value[name] = own[name] !== undefined ? own[name] : allOff ? null : SPEC_RATE_LIMITS[name];
  return { value };
}
