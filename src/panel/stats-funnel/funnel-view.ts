// HTML of the panel's Funnel page: a form of up to eight steps with the period, and the funnel as a chart
// of bars (each step's visitors, the drop-off and the conversion from the first step) that is also a table,
// so screen readers and keyboards get every figure.
import { esc } from '../html.js';
import { OVERVIEW_PERIODS, type OverviewPeriod } from '../../stats/periods.js';
import { MAX_STEPS } from '../../stats/funnel.js';
import type { Goal } from '../../stats/goals.js';
import type { funnelFigures } from '../../stats/funnel-report.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, formatNumber, words } from '../words/panel-words.js';
import { dayText } from '../stats/stats-dates.js';

export const FUNNEL_PATH = '/svc/panel/stats/funnel';

const count = (n: number) => formatNumber(n);
const percent = (x: number | null) => (x === null ? '–' : fill(words().stats.percent, { value: Math.round(x * 1000) / 10 }));

export interface FunnelView { period: OverviewPeriod; steps: string[]; filters: string[]; from: string; to: string }

function renderForm(view: FunnelView, goals: readonly Goal[]): string {
  const w = words().statsFunnel;
  const t = escapeHtml;
  const fields = Array.from({ length: MAX_STEPS }, (_, i) =>
    `<label>${t(fill(w.step, { number: i + 1 }))} <input name="step" value="${esc(view.steps[i] ?? '')}" maxlength="300"${i < 2 ? ' required' : ''} list="funnel-steps"></label>`).join('');
  const options = goals.map((goal) => `<option value="goal:${esc(goal.id)}">${esc(goal.name)}</option>`).join('');
  const periods = OVERVIEW_PERIODS.map((period) => `<option value="${period}"${period === view.period ? ' selected' : ''}>${period}</option>`).join('');
  const filters = view.filters.map((filter) => `<input type="hidden" name="filter" value="${esc(filter)}">`).join('');
  return `<form method="get" action="${FUNNEL_PATH}" class="stack"><fieldset><legend>${t(w.steps)}</legend>`
    + `<p class="muted">${t(w.stepsHint)}</p>`
    + `${fields}<datalist id="funnel-steps">${options}</datalist><label>${t(w.period)} <select name="period">${periods}</select></label>${filters}<button type="submit">${t(w.show)}</button></fieldset></form>`;
}

export function renderFunnelPage(view: FunnelView, goals: readonly Goal[], figures: ReturnType<typeof funnelFigures> | null): string {
  const w = words().statsFunnel;
  const t = escapeHtml;
  const head = `<h1>${t(w.title)}</h1><p><a href="/svc/panel/stats">${t(w.back)}</a></p>`;
  if (!figures) return head + renderForm(view, goals);
  const first = figures.steps[0]?.visitors ?? 0;
  const rows = figures.steps.map((step, s) => {
    const width = first > 0 ? Math.max(0.5, (step.visitors / first) * 100) : 0;
    return `<tr><th scope="row">${s + 1}. ${esc(step.label)}${step.label !== step.step ? `<br><span class="muted">${esc(step.step)}</span>` : ''}</th>`
      // An SVG bar: the panel's CSP allows no inline style, and the width is the figure's share of the first step.
      + `<td class="funnel-bar"><svg viewBox="0 0 100 10" width="100%" height="14" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect width="100" height="10" fill="#e6ebf5"/><rect width="${width.toFixed(1)}" height="10" fill="#2456c7"/></svg></td>`
      + `<td class="num">${count(step.visitors)}</td><td class="num">${s === 0 ? '–' : `${count(step.dropoff)} (${percent(step.dropoff_rate)})`}</td><td class="num">${percent(step.conversion_rate)}</td></tr>`;
  }).join('');
  const note = figures.missing.length > 0 ? `<p class="muted">${esc(fill(w.missing, { count: figures.missing.length }))}</p>` : '';
  const only = view.filters.length > 0 ? fill(w.only, { filters: view.filters.join(', ') }) : '';
  const what = `<p class="muted">${esc(fill(w.what, { from: dayText(view.from), to: dayText(view.to), only }))}</p>`;
  return head + renderForm(view, goals) + what
    + `<figure class="funnel" role="region" aria-label="${esc(w.label)}" tabindex="0"><table class="stats"><caption class="offscreen">${t(w.caption)}</caption><thead><tr><th scope="col">${t(w.stepHeading)}</th><th scope="col"><span class="offscreen">${t(w.bar)}</span></th><th scope="col" class="num">${t(w.visitors)}</th><th scope="col" class="num">${t(w.droppedOff)}</th><th scope="col" class="num">${t(w.conversion)}</th></tr></thead><tbody>${rows}</tbody></table></figure>${note}`;
}
