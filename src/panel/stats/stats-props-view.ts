// The Statistics page's Properties card: the custom properties events carried (name and value) with the
// visitors and events, each a link filtering the page by it, and the values refused as personal data.
import { esc } from '../html.js';
import type { PropertyRow } from '../../stats/property-breakdown.js';
import { viewHref, type StatsView } from './stats-view-params.js';
import { formatCount } from './stats-tables-view.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, plural, words } from '../words/panel-words.js';

export interface PropsCard { rows: PropertyRow[]; refused: Record<string, number> }

export function renderProps(view: StatsView, card: PropsCard): string {
  const w = words().stats.props;
  const t = escapeHtml;
  const refusedTotal = Object.values(card.refused).reduce((a, b) => a + b, 0);
  const refused = refusedTotal === 0 ? ''
    : `<p class="muted">${esc(plural(w.refused, refusedTotal, { names: Object.entries(card.refused).map(([name, n]) => `${name} ${formatCount(n)}`).join(', ') }))}</p>`;
  if (card.rows.length === 0) return `<h2>${t(w.heading)}</h2><p class="muted">${t(w.none)}</p>${refused}`;
  const rows = card.rows.slice(0, 10).map((row) => {
    const [name, value] = row.key.split('\u0000') as [string, string];
    const label = `${name}: ${value}`;
    const filtered = view.filters.some((f) => f.dimension === 'prop' && f.name === name);
    const cell = filtered ? esc(label) : `<a href="${esc(viewHref(view, { filters: [...view.filters, { dimension: 'prop', name, value }], page: 1 }))}" title="${esc(fill(w.showOnly, { label }))}">${esc(label)}</a>`;
    return `<tr><td>${cell}</td><td class="num">${formatCount(row.visitors)}</td><td class="num">${formatCount(row.events)}</td></tr>`;
  }).join('');
  return `<h2>${t(w.heading)}</h2><div class="card flush" role="region" aria-label="${esc(w.heading)}" tabindex="0"><table class="stats"><thead><tr><th scope="col">${t(w.property)}</th><th scope="col" class="num">${t(w.visitors)}</th><th scope="col" class="num">${t(w.events)}</th></tr></thead><tbody>${rows}</tbody></table></div>${refused}`;
}
