import type { SiteDeps } from './site-deps.js';
import type { Router } from '../http/router.js';
import { AppError } from '../errors.js';
import { readBody } from '../http/body.js';
import { sendBody, sendEmpty } from '../http/respond.js';
import { matchesIfNoneMatch, sendNotModified, strongEtag } from '../http/etag.js';
import { dropReason } from '../stats/beacon-payload.js';
import { isBotUserAgent } from '../stats/user-agent.js';
import { beaconScript, BEACON_PATH, COLLECT_PATH } from './beacon.js';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { TokenBucketLimiter } from '../lib/token-bucket.js';
import { rateLimitOf } from '../lib/rate-limit-settings.js';
import { consentBanner } from '../stats/consent-banner.js';
import type { StatsContent } from '../stats/page-index.js';
import { atCanonicalAddress } from '../http/canonical-address.js';

export const CONSENT_PATH = '/svc/consent';
/** A beacon line is a few hundred bytes; anything near this is not from our script. */
export const COLLECT_BODY_LIMIT = 4096;
const NO_STORE = { 'cache-control': 'no-store' };
const ACTIONS = ['accept_all', 'reject_all', 'save'] as const;

/**
 * Reads a consent decision `{v, a, c: {statistics, marketing, external_media}}` for the banner of
 * `version` (the site's current one): a decision for another banner was not made on this site's banner as it
 * is, and counting any version would let anyone fill the consent figures with made-up ones.
 */
function parseConsent(text: string, version: string): { version: string; action: string; statistics: boolean; marketing: boolean; externalMedia: boolean } {
  let data: { v?: unknown; a?: unknown; c?: Record<string, unknown> };
  try {
    data = JSON.parse(text) as typeof data;
  } catch {
    throw new AppError('bad_request', 'The body must be a JSON consent decision.');
  }
  if (!data || typeof data !== 'object') throw new AppError('bad_request', 'The body must be a JSON consent decision.');
  if (typeof data.v !== 'string' || !/^[A-Za-z0-9._-]{1,40}$/.test(data.v)) throw new AppError('bad_request', 'The field v must be the banner version.');
  if (typeof data.a !== 'string' || !(ACTIONS as readonly string[]).includes(data.a)) throw new AppError('bad_request', `The field a must be one of ${ACTIONS.join(', ')}.`);
  if (data.v !== version) throw new AppError('bad_request', `The field v must be the current banner version (${version}).`);
  const choices = data.c && typeof data.c === 'object' ? data.c : {};
  const flag = (name: string) => choices[name] === true;
  // The actions fix the answer where they say it all; "save" takes the boxes as ticked.
  if (data.a === 'accept_all') return { version: data.v, action: data.a, statistics: true, marketing: true, externalMedia: true };
  if (data.a === 'reject_all') return { version: data.v, action: data.a, statistics: false, marketing: false, externalMedia: false };
  return { version: data.v, action: data.a, statistics: flag('statistics'), marketing: flag('marketing'), externalMedia: flag('external_media') };
}

/**
 * The statistics' public endpoints: the beacon script, the collect endpoint (204 at once; bots, prefetches
 * and navigations straight to it are dropped and only counted in the bot log) and the consent endpoint.
 */
export function registerStatsEndpoints(router: Router, deps: Pick<SiteDeps, 'stats' | 'log'> & { config: Pick<Config, 'rateLimits'>; clock: Clock; content: StatsContent }): void {
  // One bucket per client address for both endpoints (SVC_RATE_LIMIT_COLLECT, 600 a minute by default): a person's pages
  // send a few beacons each, while without it one address with changing user agents counts as a crowd.
  const perMinute = rateLimitOf(deps.config.rateLimits, 'collect');
  const limiter = perMinute === null ? null : new TokenBucketLimiter(perMinute, 60_000, deps.clock);
  const limit = (ip: string) => {
    const taken = limiter?.take(ip);
    if (taken && !taken.allowed) {
      throw new AppError('rate_limited', `Too many requests: at most ${taken.limit} a minute. Try again in ${taken.retryAfterSeconds} s.`, { 'retry-after': String(taken.retryAfterSeconds), ...NO_STORE });
    }
  };
  const script = beaconScript();
  // The script never changes while the process runs: its tag is computed once.
  const etag = strongEtag(script);
  const headers = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600', etag };
  // Kept by browsers and caches an hour: at its one address only (http/canonical-address.ts), not also at `/svc/beacon.js/`.
  router.get(BEACON_PATH, atCanonicalAddress((ctx) => {
    if (matchesIfNoneMatch(ctx.req.headers['if-none-match'], etag)) return sendNotModified(ctx.res, etag, headers);
    sendBody(ctx.res, 200, script, headers);
  }));

  router.post(COLLECT_PATH, async (ctx) => {
    limit(ctx.ip);
    const body = await readBody(ctx.req, COLLECT_BODY_LIMIT);
    deps.stats.collect(body.toString('utf8'), ctx.req.headers, ctx.ip);
    sendEmpty(ctx.res, 204, NO_STORE);
    // After the answer: the first beacon after midnight rolls up the day that ended (cheap check otherwise).
    try { deps.stats.ensureRolledUp(); } catch (error) { deps.log(`svc: statistics catch-up failed: ${(error as Error)?.stack ?? error}`); }
  });
  // Someone (or something) opening the collect address: a navigation, never a beacon.
  router.get(COLLECT_PATH, (ctx) => {
    deps.stats.recordDrop('navigation');
    sendEmpty(ctx.res, 204, NO_STORE);
  });

  router.post(CONSENT_PATH, async (ctx) => {
    limit(ctx.ip);
    const body = await readBody(ctx.req, COLLECT_BODY_LIMIT);
    if (dropReason(ctx.req.headers, isBotUserAgent) === null) deps.stats.recordConsent(parseConsent(body.toString('utf8'), consentBanner(deps.content).banner_version));
    sendEmpty(ctx.res, 204, NO_STORE);
  });
}
