// /svc/panel/shared/<token>: a shared dashboard — the Statistics page read-only, without signing in, for
// whoever holds the link (stats/shared-links.ts). Its locked filters always hold; a password, when the link
// has one, is asked once and remembered in a cookie for this link only; wrong passwords count against the
// panel's sign-in throttle (5 per link and address, 20 per address, in 15 minutes). Never indexed
// (X-Robots-Tag and the page's robots meta). An altered link is 404, a revoked one 410, each with a sentence.
import { createHash, timingSafeEqual } from '../../lib/node-builtins.js';
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { readForm } from '../../http/body.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { SCRIPTED_PANEL_CSP } from '../panel-script.js';
import { readCookies, serializeCookie } from '../cookies.js';
import { isSecure } from '../panel-session.js';
import { esc } from '../html.js';
import { SharedLinkStore, type SharedLink } from '../../stats/shared-links.js';
import { parseFilters, sortFilters } from '../../stats/stats-filters.js';
import { gatherStatsPage } from '../stats/stats-page-data.js';
import { renderStatsPage } from '../stats/stats-page-view.js';
import { parseStatsView } from '../stats/stats-view-params.js';
import { tooManyAttemptsSentence, type SignInThrottle } from '../sign-in-throttle.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

export const SHARED_PATH = '/svc/panel/shared';
const HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

/** The cookie that says the password was given: bound to the link's secret and password, so it ends with either. */
const proof = (link: SharedLink) => createHash('sha256').update(`${link.secret}:${link.password}`).digest('base64url');
const cookieName = (link: SharedLink) => `svc_share_${link.id}`;

function sendMessage(ctx: RequestContext, status: number, title: string, text: string): void {
  sendPanelPage(ctx, status, renderPage({ title, body: `<h1>${esc(title)}</h1><div class="card"><p>${esc(text)}</p></div>` }), HEADERS);
}

function passwordGiven(ctx: RequestContext, link: SharedLink): boolean {
  if (!link.password) return true;
  const sent = readCookies(ctx.req).get(cookieName(link));
  const expected = proof(link);
  return sent !== undefined && sent.length === expected.length && timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}

/** The throttle's key for a link: its id, so each link's password has its own count (beside the address's). */
const throttleKey = (link: SharedLink) => `shared-link:${link.id}`;

function sendPasswordForm(ctx: RequestContext, token: string, link: SharedLink, wrong: boolean, waitSeconds = 0): void {
  const w = words().statsShared.view;
  const t = escapeHtml;
  const body = `<h1>${esc(link.name)}</h1><form method="post" action="${SHARED_PATH}/${esc(token)}" class="stack"><fieldset><legend>${t(w.protected)}</legend>`
    + `<label>${t(words().statsShared.password)} <input type="password" name="password" autocomplete="current-password" required></label><button type="submit">${t(w.show)}</button></fieldset></form>`;
  if (waitSeconds > 0) {
    return sendPanelPage(ctx, 429, renderPage({ title: w.title, body, notice: { kind: 'error', text: tooManyAttemptsSentence(waitSeconds, w.wrongPasswords) } }), { ...HEADERS, 'retry-after': String(waitSeconds) });
  }
  sendPanelPage(ctx, wrong ? 401 : 200, renderPage({ title: w.title, body, notice: wrong ? { kind: 'error', text: w.wrongPassword } : null }), HEADERS);
}

/** The page's links lead to this link's own address; links into the panel (CSV, goals, entries) are taken out. */
function readOnly(html: string, token: string): string {
  const base = `${SHARED_PATH}/${token}`;
  return html
    .replace(/<a [^>]*href="\/svc\/panel\/(?!stats\?|stats")[^"]*"[^>]*>.*?<\/a>( · )?/g, '')
    .replace(/href="\/svc\/panel\/stats(\?|")/g, (_, next: string) => `href="${base}${next}`)
    .replace(/action="\/svc\/panel\/stats"/g, `action="${base}"`)
    .replace(/<section id="realtime" data-refresh="[^"]*">/, '<section id="realtime">');
}

function resolve(ctx: RequestContext, store: SharedLinkStore): { token: string; link: SharedLink } | null {
  const token = ctx.params.token ?? '';
  const checked = store.check(token);
  if (checked.ok) return { token, link: checked.link };
  const w = words().statsShared.view;
  if (checked.why === 'revoked') sendMessage(ctx, 410, w.revoked, w.revokedText);
  else sendMessage(ctx, 404, w.noSuch, w.noSuchText);
  return null;
}

function showShared(ctx: RequestContext, deps: PanelDeps, store: SharedLinkStore): void {
  const found = resolve(ctx, store);
  if (!found) return;
  const { token, link } = found;
  if (!passwordGiven(ctx, link)) return sendPasswordForm(ctx, token, link, false);
  const params = new URLSearchParams(ctx.url.searchParams);
  // The locked filters hold whatever the address says; the viewer may add others on other dimensions.
  const locked = parseFilters(link.filters);
  const asked = params.getAll('filter');
  params.delete('filter');
  let parsed = parseStatsView(params, deps.stats.today());
  let filtersOk = true;
  let extra: ReturnType<typeof parseFilters> = [];
  try { extra = parseFilters(asked).filter((f) => !locked.some((l) => l.dimension === f.dimension && l.name === f.name)); } catch { filtersOk = false; }
  if (!parsed.ok || !filtersOk) {
    parsed = parseStatsView(new URLSearchParams(), deps.stats.today());
    if (!parsed.ok) throw new Error(parsed.sentence);
  }
  const view = { ...parsed.view, filters: sortFilters([...locked, ...extra]) };
  const html = renderStatsPage(view, gatherStatsPage(deps.stats, deps.content, view), deps.content.site().url);
  const w = words().statsShared.view;
  const lockedNote = locked.length > 0 ? `<p class="muted">${esc(fill(w.locked, { filters: link.filters.join(', ') }))}</p>` : '';
  // The page's heading names the site: the statistics page's own heading is replaced (as a string, not a pattern).
  const heading = `<h1>${escapeHtml(words().stats.title)}</h1>`;
  const page = readOnly(html, token).replace(heading, () => `<h1>${esc(fill(w.statsOf, { site: deps.content.site().title }))}</h1>`);
  const body = `<p class="muted">${esc(fill(w.readOnly, { name: link.name }))}</p>${lockedNote}${page}`;
  // The panel's script makes the cards tabs and shows the chart's figures; it reaches nothing but this page.
  sendPanelPage(ctx, 200, renderPage({ title: w.title, body, script: true, wide: true }), { ...HEADERS, 'content-security-policy': SCRIPTED_PANEL_CSP });
}

async function givePassword(ctx: RequestContext, deps: PanelDeps, store: SharedLinkStore, throttle: SignInThrottle): Promise<void> {
  const found = resolve(ctx, store);
  if (!found) return;
  const { token, link } = found;
  let form: URLSearchParams;
  try { form = await readForm(ctx.req, 4096); } catch { return sendMessage(ctx, 400, words().statsShared.view.notRead, words().statsShared.view.notReadText); }
  // Taken before the check, so guesses sent at once cannot pass the limit; a right password gives it back.
  const wait = throttle.take(ctx.ip, throttleKey(link));
  if (wait > 0) return sendPasswordForm(ctx, token, link, true, wait);
  if (!(await store.passwordMatches(link, form.get('password') ?? ''))) return sendPasswordForm(ctx, token, link, true);
  throttle.succeeded(ctx.ip, throttleKey(link));
  ctx.res.writeHead(303, {
    ...HEADERS, location: `${SHARED_PATH}/${token}`,
    'set-cookie': serializeCookie(cookieName(link), proof(link), { path: `${SHARED_PATH}/${token}`, secure: isSecure(deps), maxAgeSeconds: 12 * 3600 }),
  });
  ctx.res.end();
}

/** `throttle`: the panel's one throttle of password checks (sign-in-throttle.ts), shared with sign-in. */
export function registerSharedView(router: Router, deps: PanelDeps, throttle: SignInThrottle): void {
  const store = new SharedLinkStore(deps.trustedFolders, deps.stats.dir, deps.clock);
  router.get(`${SHARED_PATH}/:token`, (ctx) => showShared(ctx, deps, store));
  router.post(`${SHARED_PATH}/:token`, (ctx) => givePassword(ctx, deps, store, throttle));
}

