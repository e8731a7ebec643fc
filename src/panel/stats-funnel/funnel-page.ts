// GET /svc/panel/stats/funnel?step=&step=&period=&filter=: the funnel of the steps in the address, for people
// whose role has stats.view. Everything is in the address (a view to share); a bad step or filter is the
// sentence saying why, with the form kept as entered.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { isAppError } from '../../errors.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelSession } from '../panel-session.js';
import { OVERVIEW_PERIODS, resolvePeriod, type OverviewPeriod } from '../../stats/periods.js';
import { parseFilters, filterText } from '../../stats/stats-filters.js';
import { funnelFigures } from '../../stats/funnel-report.js';
import { renderFunnelPage, FUNNEL_PATH, type FunnelView } from './funnel-view.js';
import { fill, words } from '../words/panel-words.js';

function showFunnel(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'stats.view');
  if (!session) return;
  const params = ctx.url.searchParams;
  const asked = params.get('period') ?? '30d';
  const period = ((OVERVIEW_PERIODS as readonly string[]).includes(asked) ? asked : '30d') as OverviewPeriod;
  const range = resolvePeriod(period, deps.stats.today());
  // All of them are judged (so a refusal counts what was asked, as the Content API's does); the form shows 20.
  const steps = params.getAll('step').map((step) => step.trim()).filter((step) => step !== '');
  const view: FunnelView = { period, steps: steps.slice(0, 20), filters: params.getAll('filter').slice(0, 20), ...range };
  const goals = deps.stats.goals.list();
  let body: string;
  let status = 200;
  let notice: { kind: 'error'; text: string } | null = null;
  try {
    const filters = parseFilters(params.getAll('filter'));
    view.filters = filters.map(filterText);
    if (!(OVERVIEW_PERIODS as readonly string[]).includes(asked)) throw Object.assign(new Error(), { sentence: fill(words().statsFunnel.badPeriod, { value: fill(words().stats.address.quoted, { value: asked.slice(0, 40) }), choices: OVERVIEW_PERIODS.join(', ') }) });
    body = renderFunnelPage(view, goals, steps.length === 0 ? null : funnelFigures(deps.stats, range.from, range.to, steps, filters));
  } catch (error) {
    const sentence = isAppError(error) && error.status === 422 ? error.message : (error as { sentence?: string }).sentence;
    if (sentence === undefined) throw error;
    status = 422;
    notice = { kind: 'error', text: sentence };
    body = renderFunnelPage(view, goals, null);
  }
  sendPanelPage(ctx, status, renderPage({ title: words().statsFunnel.title, viewer: session, active: 'stats', body, notice }));
}

export function registerFunnelPage(router: Router, deps: PanelDeps): void {
  router.get(FUNNEL_PATH, (ctx) => showFunnel(ctx, deps));
}
