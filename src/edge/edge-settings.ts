// What the installation says about the caches in front of it, from the environment (README "Beyond one
// machine"): where purges go, the keys they need, and which header the cache tags go out in. Read from the
// environment, not site.yaml: the keys are secrets, and the content folder is often kept in git.
//
//   SVC_PURGE="varnish=http://127.0.0.1:6081 fastly=<service id> cloudflare=<zone id> url=https://…"
//   SVC_FASTLY_KEY, SVC_CLOUDFLARE_TOKEN          the API token each needs
//   SVC_CACHE_TAGS=xkey|surrogate-key|cache-tag|off   (default: the header of the first purge target)
//   SVC_FASTLY_API, SVC_CLOUDFLARE_API            another API address (a proxy; the tests' local receiver)
import { CACHE_TAG_HEADERS, NO_SHARED_CACHE, PURGED_SHARED_SECONDS, type CacheTagHeader, type SharedCachePolicy } from '../http/shared-cache.js';

export type PurgeKind = 'varnish' | 'fastly' | 'cloudflare' | 'url';
const KINDS: readonly PurgeKind[] = ['varnish', 'fastly', 'cloudflare', 'url'];

export interface PurgeTarget {
  kind: PurgeKind;
  /** A name for its cursor and its line on the Site check: `varnish-1`, `fastly-1`... */
  name: string;
  /** varnish and url: the address purges are sent to; fastly: the service id; cloudflare: the zone id. */
  where: string;
  /** The API address (fastly, cloudflare), and the token sent there. */
  api?: string;
  secret?: string;
}

export interface EdgeSettings {
  policy: SharedCachePolicy;
  targets: PurgeTarget[];
}

/** No cache in front: nothing purged, no tags, shared caches keep answers as browsers do. */
export const NO_EDGE: EdgeSettings = { policy: NO_SHARED_CACHE, targets: [] };

const TAG_HEADER_OF: Record<PurgeKind, CacheTagHeader | null> = { varnish: 'xkey', fastly: 'surrogate-key', cloudflare: 'cache-tag', url: null };
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The settings, or throws an Error with one sentence naming the setting that is wrong. */
export function readEdgeSettings(env: NodeJS.ProcessEnv): EdgeSettings {
  const targets: PurgeTarget[] = [];
  const counts = new Map<PurgeKind, number>();
  for (const item of (env.SVC_PURGE ?? '').split(/[\s,]+/).filter(Boolean)) {
    const equals = item.indexOf('=');
    const kind = item.slice(0, equals) as PurgeKind;
    const where = item.slice(equals + 1);
    if (equals < 1 || !KINDS.includes(kind)) throw new Error(`SVC_PURGE: "${item}" is not one of varnish=<address>, fastly=<service id>, cloudflare=<zone id>, url=<address>.`);
    const number = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, number);
    const target: PurgeTarget = { kind, name: `${kind}-${number}`, where };
    if (kind === 'varnish' || kind === 'url') {
      if (!URL.canParse(where) || !/^https?:$/.test(new URL(where).protocol)) throw new Error(`SVC_PURGE: ${kind}= takes an http or https address, not "${where}".`);
    } else {
      if (!ID.test(where)) throw new Error(`SVC_PURGE: ${kind}= takes the ${kind === 'fastly' ? 'service' : 'zone'} id (letters, digits, - and _), not "${where}".`);
      const secretName = kind === 'fastly' ? 'SVC_FASTLY_KEY' : 'SVC_CLOUDFLARE_TOKEN';
      const secret = env[secretName];
      if (!secret) throw new Error(`SVC_PURGE names ${kind}, so ${secretName} must hold its API token.`);
      const apiName = kind === 'fastly' ? 'SVC_FASTLY_API' : 'SVC_CLOUDFLARE_API';
      const api = (env[apiName] || (kind === 'fastly' ? 'https://api.fastly.com' : 'https://api.cloudflare.com/client/v4')).replace(/\/+$/, '');
      if (!URL.canParse(api)) throw new Error(`${apiName} must be an http or https address.`);
      Object.assign(target, { api, secret });
    }
    targets.push(target);
  }
  const named = env.SVC_CACHE_TAGS;
  let tagHeader: CacheTagHeader | null = targets.map((target) => TAG_HEADER_OF[target.kind]).find((header) => header !== null) ?? null;
  if (named !== undefined && named !== '') {
    if (named === 'off') tagHeader = null;
    else if ((CACHE_TAG_HEADERS as readonly string[]).includes(named.toLowerCase())) tagHeader = named.toLowerCase() as CacheTagHeader;
    else throw new Error(`SVC_CACHE_TAGS must be one of ${CACHE_TAG_HEADERS.join(', ')} or off.`);
  }
  // A shared cache keeps answers long only where every change purges them.
  const policy: SharedCachePolicy = targets.length > 0 ? { tagHeader, sharedSeconds: PURGED_SHARED_SECONDS } : { ...NO_SHARED_CACHE, tagHeader };
  return { policy, targets };
}
