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

export const SHARES_PATH = '/svc/panel/stats/shares';

function render(csrf: string, links: readonly SharedLink[], baseUrl: string, made: string | null, values: { name?: string; filters?: string } = {}): string {
  const rows = links.map((link) => `<tr><td>${esc(link.name)}</td><td>${esc(link.filters.join(', ') || '–')}</td><td>${link.password ? 'yes' : 'no'}</td><td>${esc(link.created.slice(0, 10))}</td>`
    + `<td>${link.revoked ? `revoked ${esc(link.revoked.slice(0, 10))}` : `<form method="post" action="${SHARES_PATH}/revoke">${csrfField(csrf)}<input type="hidden" name="id" value="${esc(link.id)}"><button class="danger" type="submit" aria-label="${esc(`Revoke the link ${link.name}`)}">Revoke</button></form>`}</td></tr>`).join('');
  const list = links.length === 0 ? '<p class="muted">No shared links yet.</p>'
    : `<div class="card flush" role="region" aria-label="Shared links" tabindex="0"><table class="stats"><thead><tr><th scope="col">Name</th><th scope="col">Locked filters</th><th scope="col">Password</th><th scope="col">Made</th><th scope="col"><span class="offscreen">Revoke</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
  const shown = made ? `<section class="card"><h2>The new link</h2><p>Copy it now: it is shown only once.</p><p><input readonly aria-label="The new link" value="${esc(`${baseUrl}${SHARED_PATH}/${made}`)}"></p></section>` : '';
  return `<h1>Shared links</h1><p><a href="/svc/panel/stats">Back to the statistics</a></p>`
    + '<p>A shared link shows the statistics page read-only to anyone who has it, without signing in; search engines are told not to index it. Revoke it when it is no longer needed.</p>'
    + shown + list
    + `<form method="post" action="${SHARES_PATH}" class="stack">${csrfField(csrf)}<fieldset><legend>Make a link</legend>`
    + `<label>Name (who it is for) <input name="name" maxlength="100" required value="${esc(values.name ?? '')}"></label>`
    + '<label>Password (optional, at least 8 characters) <input type="password" name="password" autocomplete="new-password" maxlength="200"></label>'
    + `<label>Locked filters (optional, one per line, e.g. page:/hello or country:DE) <textarea name="filters" rows="3">${esc(values.filters ?? '')}</textarea></label>`
    + '<button type="submit">Make the link</button></fieldset></form>';
}

export function registerSharesPage(router: Router, deps: PanelDeps): void {
  const store = new SharedLinkStore(deps.stats.dir, deps.clock);
  const send = (ctx: RequestContext, session: PanelSession, status: number, notice: { kind: 'ok' | 'error'; text: string } | null, made: string | null = null, values = {}) =>
    sendPanelPage(ctx, status, renderPage({ title: 'Shared links', viewer: session, active: 'stats', body: render(session.csrf, store.list(), deps.config.baseUrl.replace(/\/+$/, ''), made, values), notice }), { 'cache-control': 'no-store' });
  router.get(SHARES_PATH, (ctx) => {
    const session = requirePanelSession(ctx, deps, 'stats.view');
    if (session) send(ctx, session, 200, ctx.url.searchParams.get('done') === 'revoked' ? { kind: 'ok', text: 'The link was revoked: it shows nothing any more.' } : null);
  });
  router.post(SHARES_PATH, async (ctx) => {
    const posted = await requirePanelPost(ctx, deps, 'stats.view');
    if (!posted) return;
    const { form, session } = posted;
    const values = { name: (form.get('name') ?? '').slice(0, 200), filters: (form.get('filters') ?? '').slice(0, 2000) };
    try {
      const { token } = await store.create({ name: values.name, password: form.get('password') ?? '', filters: values.filters.split(/\r?\n/) });
      send(ctx, session, 200, { kind: 'ok', text: 'The link was made.' }, token);
    } catch (error) {
      if (!isAppError(error) || error.status !== 422) throw error;
      send(ctx, session, 422, { kind: 'error', text: error.message }, null, values);
    }
  });
  router.post(`${SHARES_PATH}/revoke`, async (ctx) => {
    const posted = await requirePanelPost(ctx, deps, 'stats.view');
    if (!posted) return;
    if (!store.revoke(posted.form.get('id') ?? '')) return send(ctx, posted.session, 404, { kind: 'error', text: 'There is no such live link (it may have been revoked already).' });
    ctx.res.writeHead(303, { location: `${SHARES_PATH}?done=revoked`, 'cache-control': 'no-store' });
    ctx.res.end();
  });
}
