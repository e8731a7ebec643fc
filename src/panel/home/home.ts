import type { PanelDeps, PanelSessionDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { esc } from '../html.js';
import { PANEL_NAV, renderPage, sendPanelPage, type PanelNotice } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession } from '../panel-session.js';
import { gatherHomeBlocks } from './home-blocks.js';
import { renderHome } from './home-view.js';
import { fill, words } from '../words/panel-words.js';

/** The installation gives the home its content and statistics; the people-side test server has neither. */
export type HomeDeps = PanelSessionDeps & Partial<Pick<PanelDeps, 'content' | 'stats'>> & { webhooks?: { paused(): { id: string; url: string; paused: string | null }[] } };

/** Webhook endpoints whose deliveries stopped, for those who manage them. */
function pausedWebhooks(deps: HomeDeps): PanelNotice | null {
  const paused = deps.webhooks?.paused() ?? [];
  if (paused.length === 0) return null;
  return { kind: 'warn', text: fill(words().home.webhooksPaused, { urls: paused.map((endpoint) => endpoint.url).join(', ') }) };
}

/** `/svc/panel/`: a greeting, then what needs this person's attention (home-blocks.ts). */
export function showHome(ctx: RequestContext, deps: HomeDeps): void {
  const session = requirePanelSession(ctx, deps);
  if (!session) return;
  // `in`, not a read: the installation builds its statistics on first use, and only the glance needs them.
  if (!('content' in deps && 'stats' in deps)) {
    // Without content there is nothing to look after: the greeting and the pages this person may use.
    const w = words();
    const items = PANEL_NAV.filter((item) => !item.capability || session.capabilities.has(item.capability));
    const links = items.length
      ? `<ul class="list">${items.map((item) => `<li><a href="${esc(item.href)}">${esc(w.common.nav[item.key])}</a></li>`).join('')}</ul>`
      : `<p class="muted">${esc(w.home.noPages)}</p>`;
    const greeting = `<h1>${esc(fill(w.home.hello, { name: session.name }))}</h1><p class="muted">${esc(fill(w.home.signedInAs, { email: session.account.email, role: session.account.role }))}</p>`;
    return sendPanelPage(ctx, 200, renderPage({ title: w.home.title, viewer: session, body: `${greeting}${links}` }));
  }
  const full = deps as PanelDeps;
  const blocks = gatherHomeBlocks(full, panelActor(session).principal);
  const body = renderHome({ name: session.name, email: session.account.email, role: session.account.role, timeZone: full.content.site().timezone, blocks });
  const notice = session.capabilities.has('settings.manage') ? pausedWebhooks(deps) : null;
  sendPanelPage(ctx, 200, renderPage({ title: words().home.title, viewer: session, body, notice }));
}
