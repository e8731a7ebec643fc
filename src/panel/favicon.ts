// The panel's favicon: a small SVG (the panel's blue square with an "s"), served like the stylesheet, so
// the browser's own request for /favicon.ico is not the only icon and a panel tab can be told apart.
import type { RequestContext } from '../http/router.js';
import { sendBody } from '../http/respond.js';

export const FAVICON_PATH = '/svc/panel/favicon.svg';

export const FAVICON_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2456c7"/><path d="M21.5 11.5c-1-1.6-2.9-2.5-5.3-2.5-3.2 0-5.4 1.7-5.4 4.2 0 2.6 2.2 3.4 5.2 4.1 2.4.6 3.3 1 3.3 2.1 0 1.1-1.2 1.9-3 1.9-2 0-3.4-.8-4.2-2.3l-2.6 1.6c1.2 2.3 3.6 3.6 6.8 3.6 3.6 0 6-1.8 6-4.6 0-2.8-2.3-3.7-5.4-4.4-2.3-.5-3.1-.9-3.1-1.9 0-.9.9-1.6 2.4-1.6 1.5 0 2.6.6 3.2 1.6z" fill="#fff"/></svg>';

/** Serves the icon; it changes only with a release, so browsers may keep it a day. */
export function serveFavicon(ctx: RequestContext): void {
  sendBody(ctx.res, 200, FAVICON_SVG, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400', 'x-content-type-options': 'nosniff' });
}
