import { randomBytes } from '../lib/node-builtins.js';
import { AppError } from '../errors.js';
import type { RequestContext } from '../http/router.js';
import { safeEqual } from '../lib/safe-compare.js';
import { esc } from './html.js';
import { readCookies, serializeCookie } from './cookies.js';
import { words } from './words/panel-words.js';

/** The hidden field every panel form carries. */
export const CSRF_FIELD = 'csrf';
const ANON_COOKIE = 'svc_csrf';

/** The hidden input to put inside every `<form method="post">`. */
export function csrfField(token: string): string {
  return `<input type="hidden" name="${CSRF_FIELD}" value="${esc(token)}">`;
}

/**
 * Throws 403 unless the form carries the expected CSRF token and no browser says it came from another
 * site: `Sec-Fetch-Site` other than same-origin (or none: typed or bookmarked), or an `Origin` naming
 * another host (or `null`). Clients that send neither header are judged by the token alone.
 */
export function checkCsrf(ctx: RequestContext, form: URLSearchParams, expected: string | undefined): void {
  const sent = form.get(CSRF_FIELD);
  if (!expected || !sent || !safeEqual(sent, expected) || fromAnotherSite(ctx)) throw new AppError('forbidden', words().common.formFromElsewhere);
}

function fromAnotherSite(ctx: RequestContext): boolean {
  const fetchSite = ctx.req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = ctx.req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== ctx.req.headers.host;
  } catch {
    return true;
  }
}

/**
 * CSRF for forms shown before sign-in (double submit): a random value in an HttpOnly cookie and the same
 * value in the form. Returns the value to put in the form, setting the cookie when there is none yet.
 */
export function anonymousCsrfToken(ctx: RequestContext, secure: boolean): string {
  const existing = readCookies(ctx.req).get(ANON_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{32}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  appendSetCookie(ctx, serializeCookie(ANON_COOKIE, token, { secure, path: '/svc/panel', maxAgeSeconds: 7200 }));
  return token;
}

/** Throws 403 unless a pre-sign-in form carries the value of its cookie. */
export function checkAnonymousCsrf(ctx: RequestContext, form: URLSearchParams): void {
  checkCsrf(ctx, form, readCookies(ctx.req).get(ANON_COOKIE));
}

/** Adds a Set-Cookie header without dropping one set earlier in the same answer. */
export function appendSetCookie(ctx: RequestContext, cookie: string): void {
  const current = ctx.res.getHeader('set-cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  ctx.res.setHeader('set-cookie', [...list, cookie]);
}
