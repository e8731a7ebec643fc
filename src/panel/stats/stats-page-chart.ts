// The Statistics page's bar chart: inline SVG drawn on the server (the panel runs no script and its CSP
// allows no inline styles, so sizes and colours are SVG attributes). Each bar has a <title>, which browsers
// show on hover and screen readers read; the figure also carries a one-sentence summary.
import { esc } from '../html.js';

export interface ChartBar { label: string; visitors: number; pageviews: number }

const WIDTH = 600;
const HEIGHT = 140;
const GAP_SHARE = 0.2;

const formatCount = (n: number): string => n.toLocaleString('en-US');

/** Visitors per bar (page views in each bar's title), scaled to the highest bar; the axis shows only the ends. */
export function renderBarChart(bars: readonly ChartBar[], unit: 'hour' | 'day'): string {
  if (bars.length === 0) return '';
  const highest = Math.max(...bars.map((bar) => bar.visitors));
  const step = WIDTH / bars.length;
  const barWidth = Math.max(step * (1 - GAP_SHARE), 0.6);
  const rects = bars.map((bar, i) => {
    const height = highest > 0 ? Math.max((bar.visitors / highest) * HEIGHT, bar.visitors > 0 ? 1.5 : 0) : 0;
    const x = (i * step + (step - barWidth) / 2).toFixed(2);
    const title = `${bar.label}: ${formatCount(bar.visitors)} visitors, ${formatCount(bar.pageviews)} page views`;
    // A full-height transparent rect under each bar keeps the hover title reachable on empty days.
    return `<g><title>${esc(title)}</title><rect x="${x}" y="0" width="${barWidth.toFixed(2)}" height="${HEIGHT}" fill="transparent"/>`
      + `<rect x="${x}" y="${(HEIGHT - height).toFixed(2)}" width="${barWidth.toFixed(2)}" height="${height.toFixed(2)}" rx="1" fill="#2456c7"/></g>`;
  }).join('');
  const first = bars[0]!;
  const last = bars[bars.length - 1]!;
  const peak = bars.find((bar) => bar.visitors === highest)!;
  const per = unit === 'hour' ? 'hour' : 'day';
  const summary = highest > 0
    ? `Visitors per ${per} from ${first.label} to ${last.label}; the most, ${formatCount(highest)}, ${unit === 'hour' ? 'at' : 'on'} ${peak.label}.`
    : `No visitors in any ${per} from ${first.label} to ${last.label}.`;
  return `<figure class="chart"><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" height="${HEIGHT}" preserveAspectRatio="none" role="img" aria-label="${esc(summary)}">`
    + `<line x1="0" y1="${HEIGHT - 0.5}" x2="${WIDTH}" y2="${HEIGHT - 0.5}" stroke="#b8c0cc" stroke-width="1"/>${rects}</svg>`
    + `<figcaption><span>${esc(first.label)}</span><span>${highest > 0 ? `most: ${formatCount(highest)} visitors` : 'no visitors'}</span><span>${esc(last.label)}</span></figcaption></figure>`;
}
