// HTML of the cards helper beside a translation's text: the cards the site offers (content_cards' data, in
// the translation's language), each with a filled-in example to copy or, with the script, to insert at the
// cursor; and the warnings for cards in the saved text that leave required settings empty.
import type { Card, CardWarning } from '../../content/cards.js';
import { esc } from '../html.js';
import { fill, words } from '../words/panel-words.js';

function settings(card: Card): string {
  const w = words().entries.cards;
  // `value` and the field keys are what the card's syntax says, so they stay as written.
  const parts = [
    ...(card.value ? [`value: ${card.value.label}${card.value.required ? ` ${w.required}` : ''}`] : []),
    ...card.fields.map((field) => `${field.key}: ${field.label}${field.required ? ` ${w.required}` : ''}${field.options ? ` (${field.options.join(', ')})` : ''}`),
  ];
  return parts.length > 0 ? `<p class="muted">${esc(fill(w.settings, { settings: parts.join('; ') }))}</p>` : '';
}

/** The helper for one translation's text (`language` makes its ids unique on the page). */
export function renderCardsHelper(language: string, cards: Card[]): string {
  const w = words().entries.cards;
  const items = cards.map((card) => {
    const exampleId = `card-${language}-${card.name}`;
    return `<li><div class="row"><span class="name">${esc(card.title)}</span><span class="muted"><code>${esc(card.name)}</code> · ${esc(card.source)}</span></div>`
      + `${card.description ? `<p>${esc(card.description)}</p>` : ''}${card.hint ? `<p class="muted">${esc(card.hint)}</p>` : ''}${settings(card)}`
      + `<pre id="${esc(exampleId)}">${esc(card.example)}</pre>`
      + `<button type="button" class="secondary small" data-insert="${esc(exampleId)}" data-target="body-${esc(language)}" hidden>${esc(fill(w.insert, { card: card.title }))}</button></li>`;
  }).join('');
  return `<details class="cards"><summary>${esc(w.summary)}</summary><p class="muted">${esc(w.intro)}</p><ul class="list">${items}</ul></details>`;
}

/** Cards in the saved text that leave required settings empty: said before publishing, not only after. */
export function renderCardWarnings(warnings: CardWarning[]): string {
  if (warnings.length === 0) return '';
  const list = warnings.map((warning) => `${warning.card} (${warning.missing.join(', ')})`).join('; ');
  return `<p class="notice warn">${esc(fill(words().entries.cards.warning, { cards: list }))}</p>`;
}
