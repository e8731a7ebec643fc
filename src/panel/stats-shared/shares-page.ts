// /svc/panel/stats/shares: people whose role has stats.view make shared dashboard links (a name, an optional
// password, optional locked filters), see them listed and revoke them. A new link's address is shown once.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { isAppError } from '../../errors.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { SharedLinkStore, type SharedLink } from '../../stats/shared-links.js';
import { SHARED_PATH } from './shared-view-page.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';
import { dayText } from '../stats/stats-dates.js';

export const SHARES_PATH = '/svc/panel/stats/shares';

function render(csrf: string, links: readonly SharedLink[], baseUrl: string, made: string | null, values: { name?: string; filters?: string } = {}): string {
  const w = words().statsShared;
  const t = escapeHtml;
  const rows = links.map((link) => `<tr><td>${esc(link.name)}</td><td>${esc(link.filters.join(', ') || '–')}</td><td>${t(link.password ? w.yes : w.no)}</td><td>${esc(dayText(link.created.slice(0, 10)))}</td>`
    + `<td>${link.revoked ? esc(fill(w.revokedOn, { day: dayText(link.revoked.slice(0, 10)) })) : `<form method="post" action="${SHARES_PATH}/revoke">${csrfField(csrf)}<input type="hidden" name="id" value="${esc(link.id)}"><button class="danger" type="submit" aria-label="${esc(fill(w.revokeLink, { name: link.name }))}">${t(w.revoke)}</button></form>`}</td></tr>`).join('');
  const list = links.length === 0 ? `<p class="muted">${t(w.none)}</p>`
    : `<div class="card flush" role="region" aria-label="${esc(w.title)}" tabindex="0"><table class="stats"><thead><tr><th scope="col">${t(w.name)}</th><th scope="col">${t(w.lockedFilters)}</th><th scope="col">${t(w.password)}</th><th scope="col">${t(w.made)}</th><th scope="col"><span class="offscreen">${t(w.revoke)}</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const shown = made ? `<section class="card"><h2>${t(w.newLink)}</h2><p>${t(w.copyNow)}</p><p><input readonly aria-label="${esc(w.newLink)}" value="${esc(`${baseUrl}${SHARED_PATH}/${made}`)}"></p></section>` : '';
  return `<h1>${t(w.title)}</h1><p><a href="/svc/panel/stats">${t(w.back)}</a></p>`
    + `<p>${t(w.intro)}</p>`
    + shown + list
    + `<form method="post" action="${SHARES_PATH}" class="stack">${csrfField(csrf)}<fieldset><legend>${t(w.make)}</legend>`
    + `<label>${t(w.nameLabel)} <input name="name" maxlength="100" required value="${esc(values.name ?? '')}"></label>`
    + `<label>${t(w.passwordLabel)} <input type="password" name="password" autocomplete="new-password" maxlength="200"></label>`
    + `<label>${t(w.filtersLabel)} <textarea name="filters" rows="3">${esc(values.filters ?? '')}</textarea></label>`
    + `<button type="submit">${t(w.makeButton)}</button></fieldset></form>`;
}

export function registerSharesPage(router: Router, deps: PanelDeps): void {
  const store = new SharedLinkStore(deps.trustedFolders, deps.stats.dir, deps.clock);
  const send = (ctx: RequestContext, session: PanelSession, status: number, notice: { kind: 'ok' | 'error'; text: string } | null, made: string | null = null, values = {}) =>
    sendPanelPage(ctx, status, renderPage({ title: words().statsShared.title, viewer: session, active: 'stats', body: render(session.csrf, store.list(), deps.config.baseUrl.replace(/\/+$/, ''), made, values), notice }), { 'cache-control': 'no-store' });
  router.get(SHARES_PATH, (ctx) => {
    const session = requirePanelSession(ctx, deps, 'stats.view');
    if (session) send(ctx, session, 200, ctx.url.searchParams.get('done') === 'revoked' ? { kind: 'ok', text: words().statsShared.wasRevoked } : null);
  });
  router.post(SHARES_PATH, async (ctx) => {
    const posted = await requirePanelPost(ctx, deps, 'stats.view');
    if (!posted) return;
    const { form, session } = posted;
    const values = { name: (form.get('name') ?? '').slice(0, 200), filters: (form.get('filters') ?? '').slice(0, 2000) };
    try {
      const { token } = await store.create({ name: values.name, password: form.get('password') ?? '', filters: values.filters.split(/\r?\n/) });
      send(ctx, session, 200, { kind: 'ok', text: words().statsShared.wasMade }, token);
    } catch (error) {
      if (!isAppError(error) || error.status !== 422) throw error;
      send(ctx, session, 422, { kind: 'error', text: error.message }, null, values);
    }
  });
  router.post(`${SHARES_PATH}/revoke`, async (ctx) => {
    const posted = await requirePanelPost(ctx, deps, 'stats.view');
    if (!posted) return;
    if (!store.revoke(posted.form.get('id') ?? '')) return send(ctx, posted.session, 404, { kind: 'error', text: words().statsShared.noSuch });
    ctx.res.writeHead(303, { location: `${SHARES_PATH}?done=revoked`, 'cache-control': 'no-store' });
    ctx.res.end();
  });
}
