// The Statistics page's Goals card: each goal's converted visitors, conversions and conversion rate for the
// view's days and filters (stats/goal-report.ts), and the way to the page where goals are defined.
import { esc } from '../html.js';
import type { GoalRow } from '../../stats/goal-report.js';
import { formatCount, formatPercent } from './stats-tables-view.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { words } from '../words/panel-words.js';

export function renderGoals(goals: readonly GoalRow[]): string {
  const w = words().stats.goals;
  const t = escapeHtml;
  const manage = `<p class="more"><a href="/svc/panel/stats/goals">${t(w.manage)}</a> · <a href="/svc/panel/stats/funnel">${t(w.funnels)}</a> · <a href="/svc/panel/stats/import">${t(w.import)}</a> · <a href="/svc/panel/stats/shares">${t(w.shares)}</a></p>`;
  if (goals.length === 0) return `<h2>${t(w.heading)}</h2><p class="muted">${t(w.none)}</p>${manage}`;
  const rows = goals.map((goal) => `<tr><td>${esc(goal.name)}<br><span class="muted">${esc(goal.target)}</span></td><td class="num">${formatCount(goal.visitors)}</td><td class="num">${formatCount(goal.conversions)}</td><td class="num">${formatPercent(goal.conversion_rate)}</td></tr>`).join('');
  return `<h2>${t(w.heading)}</h2><div class="card flush" role="region" aria-label="${esc(w.heading)}" tabindex="0"><table class="stats"><thead><tr><th scope="col">${t(w.goal)}</th><th scope="col" class="num">${t(w.converted)}</th><th scope="col" class="num">${t(w.conversions)}</th><th scope="col" class="num">${t(w.rate)}</th></tr></thead><tbody>${rows}</tbody></table></div>${manage}`;
}
