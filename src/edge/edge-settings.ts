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
  /**
   * `where` as the Site check, the status file and the log name it: an address without its user info and
   * query (either may hold the key a purge sends), the id as it is.
   */
  shown: string;
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
  // Whitespace alone separates the targets (as the README says): a comma is part of an address's query
  // (?key=abc,tail), and splitting there cut a purge key in two and quoted its tail as an unknown target.
  for (const [index, item] of (env.SVC_PURGE ?? '').split(/\s+/).filter(Boolean).entries()) {
    const equals = item.indexOf('=');
    const kind = item.slice(0, equals) as PurgeKind;
    const where = item.slice(equals + 1);
    // The sentences quote what was given as the Site check would show it: a start's error goes to a log too.
    if (equals < 1 || !KINDS.includes(kind)) throw new Error(`SVC_PURGE: item ${index + 1} (${shownItem(item, equals)}) is not one of varnish=<address>, fastly=<service id>, cloudflare=<zone id>, url=<address>.`);
    const number = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, number);
    const target: PurgeTarget = { kind, name: `${kind}-${number}`, where, shown: publicName(where) };
    if (kind === 'varnish' || kind === 'url') {
      if (!URL.canParse(where) || !/^https?:$/.test(new URL(where).protocol)) throw new Error(`SVC_PURGE: ${kind}= takes an http or https address, not "${publicName(where)}".`);
    } else {
      if (!ID.test(where)) throw new Error(`SVC_PURGE: ${kind}= takes the ${kind === 'fastly' ? 'service' : 'zone'} id (letters, digits, - and _), not "${publicName(where)}".`);
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

/** What stands for a value that cannot be shown without perhaps showing a key. */
const HIDDEN = '…';
/** A value with no room for a key in an address's syntax (no user info, query or fragment): shown as given. */
const PLAIN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A purge target's address or id as anything outside the purge itself may name it: scheme, host, port and
 * path of an address (its user info and query may hold the key, and a fragment is never sent), a plain id
 * as it is, and anything else not at all.
 */
export function publicName(value: string): string {
  if (URL.canParse(value)) {
    const url = new URL(value);
    // Without a host ("user:key@host" reads as the scheme "user:") no part can be told from the key.
    if (url.host !== '') return `${url.protocol}//${url.host}${url.pathname}`;
  }
  return PLAIN.test(value) ? value : HIDDEN;
}

/**
 * An SVC_PURGE item that is no target, for a sentence: its kind when it reads as one, never its value nor an
 * item without a kind. Either may be a key (the tail of an address cut at a space, a token pasted alone):
 * "SVC_PURGE: \"Sup3rS3cretTail\" is not one of ..." put a key into the log.
 */
function shownItem(item: string, equals: number): string {
  const kind = item.slice(0, equals);
  return equals >= 1 && /^[A-Za-z0-9_-]{1,20}$/.test(kind) ? `"${kind}=${HIDDEN}"` : `"${HIDDEN}", without a kind`;
}

/** A percent-encoded part as it was meant (as it is, where its encoding is broken). */
function decoded(part: string): string {
  try { return decodeURIComponent(part); } catch { return part; }
}

/**
 * A sentence about a target (a failed purge's reason, for the log and the status) with every secret of its
 * settings taken out: the whole address, its user info, its query and their values, and the API token. The
 * reasons name a host only, but one from deeper down (Node's own error text) could quote more.
 */
export function withoutSecrets(target: PurgeTarget, sentence: string): string {
  // An id (fastly, cloudflare) is no secret: it is shown as it is.
  const addresses = [target.kind === 'varnish' || target.kind === 'url' ? target.where : '', target.api ?? ''];
  const secrets: string[] = [...addresses, target.secret ?? ''];
  for (const address of addresses) {
    if (!URL.canParse(address)) continue;
    const url = new URL(address);
    // A token is often the user name alone (https://<token>@host/).
    if (url.username !== '' || url.password !== '') secrets.push(`${url.username}${url.password === '' ? '' : `:${url.password}`}@`, url.username, decoded(url.username), url.password, decoded(url.password));
    secrets.push(url.search, url.hash, ...url.searchParams.values());
  }
  // Longest first, so a part inside another goes with it; short parts (a, 1) would take words apart.
  const parts = [...new Set(secrets)].filter((part) => part.length >= 3).sort((a, b) => b.length - a.length);
  return parts.reduce((text, part) => text.replaceAll(part, HIDDEN), sentence);
}
