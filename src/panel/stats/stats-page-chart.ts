// The Statistics page's bar chart: inline SVG drawn on the server (the panel's CSP allows no inline styles,
// so sizes and colours are SVG attributes). Each bar has a <title>, which browsers show on hover and screen
// readers read; the figure also carries a one-sentence summary, and the same figures are a CSV away.
import { esc } from '../html.js';
import type { ChartBar } from './stats-page-data.js';
import type { Grouping, Metric } from './stats-view-params.js';

const WIDTH = 600;
const HEIGHT = 140;
const GAP_SHARE = 0.2;

const formatCount = (n: number): string => n.toLocaleString('en-US');

export const METRIC_LABELS: Record<Metric, string> = { visitors: 'Visitors', pageviews: 'Page views', reading: 'Average reading time' };
const METRIC_UNITS: Record<Metric, (n: number) => string> = {
  visitors: (n) => `${formatCount(n)} visitors`, pageviews: (n) => `${formatCount(n)} page views`, reading: (n) => `${n} s`,
};

export function barValue(bar: ChartBar, metric: Metric): number {
  return metric === 'visitors' ? bar.visitors : metric === 'pageviews' ? bar.pageviews : bar.reading ?? 0;
}

/** The chart's heading: "Visitors per day", "Page views per week", ... */
export function chartHeading(metric: Metric, unit: Grouping): string {
  return `${METRIC_LABELS[metric]} per ${unit}`;
}

/** Bars of one figure, scaled to the highest bar; the axis shows only the ends. */
export function renderBarChart(bars: readonly ChartBar[], unit: Grouping, metric: Metric = 'visitors'): string {
  if (bars.length === 0) return '';
  const values = bars.map((bar) => barValue(bar, metric));
  const highest = Math.max(...values);
  const step = WIDTH / bars.length;
  const barWidth = Math.max(step * (1 - GAP_SHARE), 0.6);
  const rects = bars.map((bar, i) => {
    const value = values[i]!;
    const height = highest > 0 ? Math.max((value / highest) * HEIGHT, value > 0 ? 1.5 : 0) : 0;
    const x = (i * step + (step - barWidth) / 2).toFixed(2);
    const reading = bar.reading === null ? '' : `, ${bar.reading} s average reading time`;
    const title = `${bar.label}: ${formatCount(bar.visitors)} visitors, ${formatCount(bar.pageviews)} page views${reading}`;
    // A full-height transparent rect under each bar keeps the hover title reachable on empty days.
    return `<g><title>${esc(title)}</title><rect x="${x}" y="0" width="${barWidth.toFixed(2)}" height="${HEIGHT}" fill="transparent"/>`
      + `<rect x="${x}" y="${(HEIGHT - height).toFixed(2)}" width="${barWidth.toFixed(2)}" height="${height.toFixed(2)}" rx="1" fill="#2456c7"/></g>`;
  }).join('');
  const first = bars[0]!;
  const last = bars[bars.length - 1]!;
  const peak = bars[values.indexOf(highest)]!;
  const what = METRIC_LABELS[metric];
  const where = unit === 'hour' ? 'at' : unit === 'day' ? 'on' : 'in';
  const summary = highest > 0
    ? `${what} per ${unit} from ${first.label} to ${last.label}; the most, ${metric === 'reading' ? `${highest} s` : formatCount(highest)}, ${where} ${peak.label}.`
    : metric === 'reading' ? `No reading time in any ${unit} from ${first.label} to ${last.label}.` : `No ${what.toLowerCase()} in any ${unit} from ${first.label} to ${last.label}.`;
  const most = highest > 0 ? `most: ${METRIC_UNITS[metric](highest)}` : metric === 'reading' ? 'no reading time' : `no ${what.toLowerCase()}`;
  return `<figure class="chart"><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" height="${HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${esc(summary)}">`
    + `<line x1="0" y1="${HEIGHT - 0.5}" x2="${WIDTH}" y2="${HEIGHT - 0.5}" stroke="#b8c0cc" stroke-width="1"/>${rects}</svg>`
    + `<figcaption><span>${esc(first.label)}</span><span>${esc(most)}</span><span>${esc(last.label)}</span></figcaption></figure>`;
}
