// POST /svc/panel/colour-scheme: the top bar's colour switch (colour-scheme.ts) keeps the choice in a cookie
// and goes back to the page it was on.
import type { RequestContext } from '../http/router.js';
import { redirect } from '../http/respond.js';
import { serializeCookie } from './cookies.js';
import { appendSetCookie } from './csrf.js';
import { SCHEME_COOKIE, SCHEMES, type Scheme } from './colour-scheme.js';
import type { PanelSessionDeps } from './panel-deps.js';
import { isSecure, requirePanelPost } from './panel-session.js';
import { safeNext } from './safe-next.js';

/** Keeps the choice a year (or forgets it for 'system') and goes back. */
export async function setScheme(ctx: RequestContext, deps: PanelSessionDeps): Promise<void> {
  const posted = await requirePanelPost(ctx, deps);
  if (!posted) return;
  const chosen = posted.form.get('scheme') ?? '';
  const scheme: Scheme = (SCHEMES as readonly string[]).includes(chosen) ? (chosen as Scheme) : 'system';
  const secure = isSecure(deps);
  appendSetCookie(ctx, scheme === 'system'
    ? serializeCookie(SCHEME_COOKIE, '', { secure, path: '/svc/panel', maxAgeSeconds: 0 })
    : serializeCookie(SCHEME_COOKIE, scheme, { secure, path: '/svc/panel', maxAgeSeconds: 365 * 24 * 3600 }));
  // Back to the page the switch was on (the Referer, sent same-origin only): a panel page, never elsewhere.
  let back: string | null = null;
  try {
    const referer = ctx.req.headers.referer;
    if (referer) {
      const url = new URL(referer);
      back = safeNext(url.pathname + url.search);
    }
  } catch { /* no usable Referer */ }
  redirect(ctx.res, back && back.startsWith('/svc/panel') ? back : '/svc/panel/', 303, { 'cache-control': 'no-store' });
}
