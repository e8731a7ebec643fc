// The Statistics page's Properties card: the custom properties events carried (name and value) with the
// visitors and events, each a link filtering the page by it, and the values refused as personal data.
import { esc } from '../html.js';
import type { PropertyRow } from '../../stats/property-breakdown.js';
import { viewHref, type StatsView } from './stats-view-params.js';
import { formatCount } from './stats-tables-view.js';

export interface PropsCard { rows: PropertyRow[]; refused: Record<string, number> }

export function renderProps(view: StatsView, card: PropsCard): string {
  const refusedTotal = Object.values(card.refused).reduce((a, b) => a + b, 0);
  const refused = refusedTotal === 0 ? ''
    : `<p class="muted">${esc(`${formatCount(refusedTotal)} ${refusedTotal === 1 ? 'value was' : 'values were'} refused as personal data (an e-mail address, a phone number or a long number): ${Object.entries(card.refused).map(([name, n]) => `${name} ${formatCount(n)}`).join(', ')}.`)}</p>`;
  if (card.rows.length === 0) return `<h2>Properties</h2><p class="muted">No event carried a custom property in this period.</p>${refused}`;
  const rows = card.rows.slice(0, 10).map((row) => {
    const [name, value] = row.key.split('\u0000') as [string, string];
    const label = `${name}: ${value}`;
    const filtered = view.filters.some((f) => f.dimension === 'prop' && f.name === name);
    const cell = filtered ? esc(label) : `<a href="${esc(viewHref(view, { filters: [...view.filters, { dimension: 'prop', name, value }], page: 1 }))}" title="${esc(`Show only visits with ${label}`)}">${esc(label)}</a>`;
    return `<tr><td>${cell}</td><td class="num">${formatCount(row.visitors)}</td><td class="num">${formatCount(row.events)}</td></tr>`;
  }).join('');
  return `<h2>Properties</h2><div class="card flush" role="region" aria-label="Properties" tabindex="0"><table class="stats"><thead><tr><th scope="col">Property</th><th scope="col" class="num">Visitors</th><th scope="col" class="num">Events</th></tr></thead><tbody>${rows}</tbody></table></div>${refused}`;
}
