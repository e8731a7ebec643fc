// One answer, one address. A cache or CDN in front keys on the request target as it was sent, and the
// purges svc sends by address name an entry's canonical addresses only (edge/): an answer also given at a
// second address (a trailing slash, a doubled slash the router steps over, a letter written %6F, a slash
// written %2F) is kept apart from the first and outlives every purge. Every address svc makes is written in
// unreserved characters (slugs, language codes, file names, endpoint names; RFC 3986 §2.3) and `/`, so:
// - escapes of unreserved characters (the same URI, RFC 3986 §6.2.2.2) and trailing slashes are sent on,
//   permanently and in one step, to the address without them: the rule the site has long had for slashes;
// - any other escape (`%2F` is no `/` in a URI, §2.2), a backslash (URL parsing reads it as `/`), a
//   fragment or an empty segment names no address: 404, as any address nothing is at.
// The public site (site/), the Content API (api/api-request.ts) and the discovery documents of MCP and
// OAuth all answer by this one rule.
import type { Handler, RequestContext } from './router.js';
import { redirect, sendJson, type Headers } from './respond.js';

export type AddressCheck =
  | { kind: 'canonical' }
  /** The canonical address, with the query as it was sent. */
  | { kind: 'moved'; location: string }
  /** No address is written so. */
  | { kind: 'none' }
  /** A `%` that is no escape: not an address at all. */
  | { kind: 'invalid' };

const CANONICAL: AddressCheck = { kind: 'canonical' };
const NONE: AddressCheck = { kind: 'none' };
const INVALID: AddressCheck = { kind: 'invalid' };
const ESCAPE = /%(..)?/g;
const HEX_PAIR = /^[0-9A-Fa-f]{2}$/;
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/** Whether the request's path is the canonical address of what it asks for, and where that is if not. */
export function checkAddress(ctx: RequestContext): AddressCheck {
  const target = ctx.req.url ?? '/';
  let path = ctx.pathname;
  // URL parsing reads a backslash as `/` and drops a fragment; a target that is its own pathname had neither.
  if (path !== target) {
    const query = target.indexOf('?');
    const sent = query < 0 ? target : target.slice(0, query);
    if (sent.includes('\\') || sent.includes('#')) return NONE;
  }
  if (path.includes('%')) {
    let other = false;
    let malformed = false;
    path = path.replace(ESCAPE, (escape, hex: string | undefined) => {
      if (hex === undefined || !HEX_PAIR.test(hex)) malformed = true;
      else {
        const char = String.fromCharCode(parseInt(hex, 16));
        if (UNRESERVED.test(char)) return char;
        other = true;
      }
      return escape;
    });
    if (malformed) return INVALID;
    if (other) return NONE;
  }
  // Without the trailing slash, and with one leading slash only: an absolute-form target's path
  // `//evil.example/` must not become a Location of `//evil.example`, which a browser reads as another host.
  if (path.length > 1 && path.endsWith('/')) path = '/' + path.replace(/^\/+|\/+$/g, '');
  if (path.includes('//')) return NONE;
  return path === ctx.pathname ? CANONICAL : { kind: 'moved', location: path + ctx.url.search };
}

/**
 * Answers a request that is not at its canonical address and says so (true); false when it is, for the
 * caller to answer. `notFound` answers for an address that is none, in the route's own form.
 * `redirectHeaders` go with the redirect besides its Location (CORS, for an address browsers fetch from
 * other origins: a redirect without it is a network error to their script).
 */
export function answeredElsewhere(ctx: RequestContext, notFound: () => void, redirectHeaders: Readonly<Headers> = {}): boolean {
  const check = checkAddress(ctx);
  if (check.kind === 'canonical') return false;
  // The one permanent redirect, with the same headers wherever it is sent: it shows nothing but an address,
  // so a cache may keep it as any 301.
  if (check.kind === 'moved') redirect(ctx.res, check.location, 301, redirectHeaders);
  else if (check.kind === 'invalid') sendJson(ctx.res, 400, { message: 'The address is not valid.' });
  else notFound();
  return true;
}

/**
 * A fixed route (a file, a feed, an API endpoint, a discovery document) answered at its canonical address
 * only: the router skips empty segments (`/feed.xml/`, `/media//x`), so without this they reached the
 * handler and were answered in full. An address that is none gets the server's own answer for an address
 * without a route.
 */
export function atCanonicalAddress(handler: Handler, redirectHeaders: Readonly<Headers> = {}): Handler {
  return (ctx) => (answeredElsewhere(ctx, () => sendNoRoute(ctx), redirectHeaders) ? undefined : handler(ctx));
}

/** The redirect headers of an address any origin may fetch (the Content API, the discovery documents). */
export const ANY_ORIGIN: Readonly<Headers> = { 'access-control-allow-origin': '*' };

/** As http/server.ts answers an address no route takes: never kept by a cache, never sniffed. */
function sendNoRoute(ctx: RequestContext): void {
  sendJson(ctx.res, 404, NO_ROUTE, NO_ROUTE_HEADERS);
}

const NO_ROUTE = { message: 'Nothing is at this address.' };
const NO_ROUTE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
