// GET /svc/panel/stats: the panel's Statistics page for people whose role has stats.view.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelSession } from '../panel-session.js';
import { gatherStatsPage, parseStatsPeriod } from './stats-page-data.js';
import { STATS_PATH, renderStatsPage, renderStatsPeriodProblem } from './stats-page-view.js';

export function showStatsPage(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const parsed = parseStatsPeriod(ctx.url.searchParams);
  if (!parsed.ok) {
    // The period links stay on the page, so the way out is one tap away.
    sendPanelPage(ctx, 422, renderPage({ title: 'Statistics', viewer: session, active: 'stats', notice: { kind: 'error', text: parsed.sentence }, body: renderStatsPeriodProblem() }));
    return;
  }
  const data = gatherStatsPage(deps.stats, deps.content, parsed.period);
  const body = renderStatsPage(parsed.period, data, deps.content.site().url);
  sendPanelPage(ctx, 200, renderPage({ title: 'Statistics', viewer: session, active: 'stats', body }));
}

export function registerStatsPage(router: Router, deps: PanelDeps): void {
  router.get(STATS_PATH, (ctx) => showStatsPage(ctx, deps));
}
