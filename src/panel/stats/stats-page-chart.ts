// The Statistics page's bar chart: inline SVG drawn on the server (the panel's CSP allows no inline styles,
// so sizes are SVG attributes; colours are the stylesheet's, so they follow a dark scheme). A y-axis with
// round numbers beside it (HTML, so its text is never stretched with the bars), the previous period as a
// faint line over the same buckets, and each bar's figures: a <title> that browsers show on hover and
// screen readers read, a focusable bar (one tab stop; the panel's script moves along with the arrow keys and
// shows the figures of the bar in focus or under the pointer). The figure carries a one-sentence summary,
// and the same figures are a CSV away.
import { esc } from '../html.js';
import type { ChartBar } from './stats-page-data.js';
import type { Grouping, Metric } from './stats-view-params.js';
import { fill, formatNumber, words } from '../words/panel-words.js';
import { dayText, monthText } from './stats-dates.js';

const WIDTH = 600;
const HEIGHT = 160;
const GAP_SHARE = 0.2;

const formatCount = (n: number): string => formatNumber(n);

/** A chart figure's name: "Visitors", "Page views", "Average reading time". */
export function metricLabel(metric: Metric): string {
  return words().stats.chart.metrics[metric];
}

/** A value of the figure with its unit: "12 visitors", "7 s". */
function metricValue(metric: Metric, n: number): string {
  const w = words().stats;
  return metric === 'reading' ? fill(w.seconds, { seconds: n }) : fill(w.chart[metric], { count: n });
}

/** A bar's bucket as people read it: its hour, day, week ("week of ...") or month in the panel's language. */
export function barLabel(bar: ChartBar, unit: Grouping): string {
  if (unit === 'hour') return bar.label;
  if (unit === 'week') return fill(words().stats.chart.weekOf, { day: dayText(bar.from) });
  return unit === 'month' ? monthText(bar.from.slice(0, 7)) : dayText(bar.from);
}

export function barValue(bar: ChartBar, metric: Metric): number {
  return metric === 'visitors' ? bar.visitors : metric === 'pageviews' ? bar.pageviews : bar.reading ?? 0;
}

/** The chart's heading: "Visitors per day", "Page views per week", ... */
export function chartHeading(metric: Metric, unit: Grouping): string {
  const w = words().stats.chart;
  return fill(w.heading, { metric: metricLabel(metric), unit: w.units[unit] });
}

/** The top of the y-axis: the least of 1, 2, 2.5, 5 times a power of ten that is at least `n` (1 for nothing). */
export function axisTop(n: number): number {
  if (!(n > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

function barTitle(bar: ChartBar, previous: ChartBar | undefined, metric: Metric, unit: Grouping): string {
  const w = words().stats.chart;
  const reading = bar.reading === null ? '' : fill(w.barReading, { seconds: bar.reading });
  const before = previous ? fill(w.barBefore, { label: barLabel(previous, unit), value: metricValue(metric, barValue(previous, metric)) }) : '';
  return fill(w.bar, { label: barLabel(bar, unit), visitors: bar.visitors, pageviews: bar.pageviews }) + reading + before;
}

/**
 * Bars of one figure, scaled to a round top; `previous` are the same buckets of the period before (drawn
 * faintly, matched by position), or null when there is nothing to compare with.
 */
export function renderBarChart(bars: readonly ChartBar[], unit: Grouping, metric: Metric = 'visitors', previous: readonly ChartBar[] | null = null): string {
  if (bars.length === 0) return '';
  const values = bars.map((bar) => barValue(bar, metric));
  // A period before with nothing in it is not drawn (a line along the bottom says nothing).
  const before = previous && previous.some((bar) => barValue(bar, metric) > 0) ? bars.map((bar, i) => (previous[i] ? barValue(previous[i], metric) : null)) : [];
  const highest = Math.max(...values);
  const top = axisTop(Math.max(highest, ...before.map((value) => value ?? 0)));
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const step = WIDTH / bars.length;
  const barWidth = Math.max(step * (1 - GAP_SHARE), 0.6);
  // One tab stop for the whole chart: the last bar (the script moves focus along the bars).
  const rects = bars.map((bar, i) => {
    const value = values[i]!;
    const height = Math.max((value / top) * HEIGHT, value > 0 ? 1.5 : 0);
    const x = (i * step + (step - barWidth) / 2).toFixed(2);
    const title = barTitle(bar, before.length > 0 ? previous?.[i] : undefined, metric, unit);
    // A full-height transparent rect under each bar keeps the hover title reachable on empty days.
    return `<g class="bar" role="img" aria-label="${esc(title)}" tabindex="${i === bars.length - 1 ? 0 : -1}"><title>${esc(title)}</title><rect x="${x}" y="0" width="${barWidth.toFixed(2)}" height="${HEIGHT}" fill="transparent"/>`
      + `<rect class="value" x="${x}" y="${(HEIGHT - height).toFixed(2)}" width="${barWidth.toFixed(2)}" height="${height.toFixed(2)}" rx="1" fill="#2456c7"/></g>`;
  }).join('');
  const points = before.map((value, i) => (value === null ? null : `${(i * step + step / 2).toFixed(2)},${y(value).toFixed(2)}`)).filter((point) => point !== null);
  const line = points.length > 1 ? `<polyline class="previous" points="${points.join(' ')}" fill="none" stroke="#9aa3b2" stroke-width="2" stroke-dasharray="4 3" vector-effect="non-scaling-stroke"/>` : '';
  const grid = [0, 0.5, 1].map((share) => `<line class="grid" x1="0" y1="${(HEIGHT - share * HEIGHT + (share === 0 ? -0.5 : share === 1 ? 0.5 : 0)).toFixed(1)}" x2="${WIDTH}" y2="${(HEIGHT - share * HEIGHT + (share === 0 ? -0.5 : share === 1 ? 0.5 : 0)).toFixed(1)}" stroke="#dde1e8" stroke-width="1" vector-effect="non-scaling-stroke"/>`).join('');
  const axisLabel = (value: number) => (metric === 'reading' ? fill(words().stats.seconds, { seconds: value }) : formatCount(value));
  const axis = `<ol class="chart-axis" aria-hidden="true"><li>${axisLabel(top)}</li><li>${axisLabel(top / 2)}</li><li>${axisLabel(0)}</li></ol>`;
  const w = words().stats.chart;
  const first = barLabel(bars[0]!, unit);
  const last = barLabel(bars[bars.length - 1]!, unit);
  const peak = barLabel(bars[values.indexOf(highest)]!, unit);
  const summary = highest > 0
    ? fill(w.summary[unit], { metric: metricLabel(metric), first, last, most: metric === 'reading' ? fill(words().stats.seconds, { seconds: highest }) : formatCount(highest), peak })
    : fill(w.nothing[metric], { unit: w.units[unit], first, last });
  const most = highest > 0 ? fill(w.most, { value: metricValue(metric, highest) }) : w.none[metric];
  const legend = line ? `<span class="legend"><span class="key now"></span>${esc(w.thisPeriod)} <span class="key before"></span>${esc(w.previousPeriod)}</span>` : '';
  return `<figure class="chart"><div class="chart-plot">${axis}<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" height="${HEIGHT}" preserveAspectRatio="none" role="group" aria-label="${esc(summary)}">`
    + `${grid}${rects}${line}</svg><p class="chart-tip" hidden></p></div>`
    + `<figcaption><span>${esc(first)}</span><span>${esc(most)}</span>${legend}<span>${esc(last)}</span></figcaption></figure>`;
}
