// The Statistics page's Goals card: each goal's converted visitors, conversions and conversion rate for the
// view's days and filters (stats/goal-report.ts), and the way to the page where goals are defined.
import { esc } from '../html.js';
import type { GoalRow } from '../../stats/goal-report.js';
import { formatCount, formatPercent } from './stats-tables-view.js';

export function renderGoals(goals: readonly GoalRow[]): string {
  const manage = '<p class="more"><a href="/svc/panel/stats/goals">Manage goals</a> · <a href="/svc/panel/stats/funnel">Funnels</a> · <a href="/svc/panel/stats/import">Import from Plausible</a> · <a href="/svc/panel/stats/shares">Shared links</a></p>';
  if (goals.length === 0) return `<h2>Goals</h2><p class="muted">No goals yet: a goal counts visitors who visited a page, sent an event, scrolled far enough, followed a link out or downloaded a file.</p>${manage}`;
  const rows = goals.map((goal) => `<tr><td>${esc(goal.name)}<br><span class="muted">${esc(goal.target)}</span></td><td class="num">${formatCount(goal.visitors)}</td><td class="num">${formatCount(goal.conversions)}</td><td class="num">${formatPercent(goal.conversion_rate)}</td></tr>`).join('');
  return `<h2>Goals</h2><div class="card flush" role="region" aria-label="Goals" tabindex="0"><table class="stats"><thead><tr><th scope="col">Goal</th><th scope="col" class="num">Converted</th><th scope="col" class="num">Conversions</th><th scope="col" class="num">Rate</th></tr></thead><tbody>${rows}</tbody></table></div>${manage}`;
}
