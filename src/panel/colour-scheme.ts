// The panel's colour scheme: the system's (prefers-color-scheme) unless the person chose light or dark with
// the switch in the top bar. The choice is a cookie the server reads, so the page arrives already in it: no
// script decides it after the first paint, and no flash of the other scheme. The switch is a plain form
// (it works without script; the script only saves the click on its button): colour-scheme-route.ts.
import type { RequestContext } from '../http/router.js';
import { readCookies } from './cookies.js';
import { esc } from './html.js';
import { words } from './words/panel-words.js';

export const SCHEME_PATH = '/svc/panel/colour-scheme';
export const SCHEME_COOKIE = 'svc_scheme';
export const SCHEMES = ['system', 'light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** The scheme chosen in this browser ('system' without a choice or with a cookie of no meaning). */
export function schemeOf(ctx: RequestContext): Scheme {
  const value = readCookies(ctx.req).get(SCHEME_COOKIE);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** `<html lang="…">` with the chosen scheme on it (the stylesheet reads data-scheme); unchanged for 'system'. */
export function withScheme(html: string, scheme: Scheme): string {
  // Whatever language the page is in: the first `<html lang>` of the page, which renderPage writes.
  return scheme === 'system' ? html : html.replace(/<html lang="([a-zA-Z-]+)">/, `<html lang="$1" data-scheme="${scheme}">`);
}

/** The switch in the top bar: a select and a button (the script sends the form when the select changes). */
export function renderSchemeSwitch(csrf: string): string {
  const w = words().common;
  const options = SCHEMES.map((scheme) => `<option value="${scheme}">${esc(w.schemes[scheme])}</option>`).join('');
  return `<form method="post" action="${SCHEME_PATH}" class="scheme" data-scheme-switch><input type="hidden" name="csrf" value="${esc(csrf)}"><label for="scheme-choice">${esc(w.colours)}</label><select id="scheme-choice" name="scheme">${options}</select><button type="submit" class="link">${esc(w.setScheme)}</button></form>`;
}

/** The page's switch shows the scheme in use: the option of the cookie's value is marked selected. */
export function markChosenScheme(html: string, scheme: Scheme): string {
  // 'system' is the first option, shown without a mark.
  if (scheme === 'system') return html;
  return html.replace(`<option value="${scheme}">`, `<option value="${scheme}" selected>`);
}
