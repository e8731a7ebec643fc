// The Statistics page's cards: a card shows one of several tables at a time (Top pages, Entry pages, Exit
// pages), as Plausible's do. The markup works without the panel's script: a list of links to the card's
// parts, and every part under its own heading. The script makes the list a tab list (role=tablist, arrow
// keys, one part shown) and the card class "tabbed", where the tabs stand for the parts' headings
// (kept for screen readers' heading navigation).
import { esc } from '../html.js';

export interface CardPart {
  /** unique on the page: the part's element is `part-<id>` */
  id: string;
  /** the tab's label (the part's heading) */
  label: string;
  /** the part's markup, its <h2> heading first */
  html: string;
}

export function renderCard(name: string, parts: readonly CardPart[]): string {
  if (parts.length === 1) return `<section class="stats-card" aria-label="${esc(name)}">${parts[0]!.html}</section>`;
  const tabs = parts.map((part) => `<li><a href="#part-${esc(part.id)}">${esc(part.label)}</a></li>`).join('');
  const bodies = parts.map((part) => `<div class="card-part" id="part-${esc(part.id)}">${part.html}</div>`).join('');
  return `<section class="stats-card" aria-label="${esc(name)}" data-tabs><ul class="tabs">${tabs}</ul>${bodies}</section>`;
}
