import type { PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { esc } from '../html.js';
import { PANEL_NAV, renderPage, sendPanelPage } from '../layout.js';
import { requirePanelSession } from '../panel-session.js';

/** `/svc/panel/`: a greeting and the pages this person may use. */
export function showHome(ctx: RequestContext, deps: PanelSessionDeps): void {
  const session = requirePanelSession(ctx, deps);
  if (!session) return;
  const items = PANEL_NAV.filter((item) => !item.capability || session.capabilities.has(item.capability));
  const links = items.length
    ? `<ul class="list">${items.map((item) => `<li><a href="${esc(item.href)}">${esc(item.label)}</a></li>`).join('')}</ul>`
    : '<p class="muted">Your role has no panel pages yet.</p>';
  sendPanelPage(ctx, 200, renderPage({ title: 'Panel', viewer: session, body: `<h1>Hello, ${esc(session.name)}</h1><p class="muted">Signed in as ${esc(session.account.email)} (${esc(session.account.role)}).</p>${links}` }));
}
