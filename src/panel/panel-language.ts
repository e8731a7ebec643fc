// Which language a panel request is answered in: the one the person chose on Your account, else the first
// of the browser's Accept-Language the panel speaks, else English. Pages before sign-in (sign-in itself,
// the pages one-time links open) follow the browser.
import type { Handler, RequestContext } from '../http/router.js';
import type { PanelSessionDeps } from './panel-deps.js';
import { sessionFromCookie } from './panel-session.js';
import { inPanelLanguage, PANEL_LANGUAGES } from './words/panel-words.js';

/** Longer Accept-Language headers are cut: nobody prefers a fortieth language. */
const MAX_ACCEPT_LANGUAGE = 512;

/** Wraps a panel route's handler so the page it draws is in the person's words (Router.aroundEach). */
export function inRequestLanguage(deps: PanelSessionDeps): (handler: Handler) => Handler {
  return (handler) => (ctx) => inPanelLanguage(requestLanguage(ctx, deps), () => handler(ctx));
}

function requestLanguage(ctx: RequestContext, deps: PanelSessionDeps): string {
  const session = sessionFromCookie(ctx, deps);
  const chosen = session ? deps.auth.accounts.get(session.record.account)?.language : undefined;
  if (chosen && Object.hasOwn(PANEL_LANGUAGES, chosen)) return chosen;
  return browserLanguage(ctx.req.headers['accept-language']);
}

/**
 * The first language of an Accept-Language header (RFC 9110, 12.5.4) the panel speaks, by q-value, then by
 * order; `de-AT` counts as `de`. English when none is spoken or the header cannot be read.
 */
export function browserLanguage(header: string | string[] | undefined): string {
  const text = (Array.isArray(header) ? header.join(',') : header ?? '').slice(0, MAX_ACCEPT_LANGUAGE);
  let best = 'en';
  let bestQ = 0;
  for (const part of text.split(',')) {
    const [range = '', ...parameters] = part.trim().split(';');
    const code = range.trim().toLowerCase().split('-')[0] ?? '';
    if (!Object.hasOwn(PANEL_LANGUAGES, code)) continue;
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    if (Number.isFinite(q) && q > bestQ && q <= 1) {
      best = code;
      bestQ = q;
    }
  }
  return best;
}
