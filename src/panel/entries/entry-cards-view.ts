// HTML of the cards helper beside a translation's text: the cards the site offers (content_cards' data, in
// the translation's language), each with a filled-in example to copy or, with the script, to insert at the
// cursor; and the warnings for cards in the saved text that leave required settings empty.
import type { Card, CardWarning } from '../../content/cards.js';
import { esc } from '../html.js';

function settings(card: Card): string {
  const parts = [
    ...(card.value ? [`value: ${card.value.label}${card.value.required ? ' (required)' : ''}`] : []),
    ...card.fields.map((field) => `${field.key}: ${field.label}${field.required ? ' (required)' : ''}${field.options ? ` (${field.options.join(', ')})` : ''}`),
  ];
  return parts.length > 0 ? `<p class="muted">Settings: ${esc(parts.join('; '))}</p>` : '';
}

/** The helper for one translation's text (`language` makes its ids unique on the page). */
export function renderCardsHelper(language: string, cards: Card[]): string {
  const items = cards.map((card) => {
    const exampleId = `card-${language}-${card.name}`;
    return `<li><div class="row"><span class="name">${esc(card.title)}</span><span class="muted"><code>${esc(card.name)}</code> · ${esc(card.source)}</span></div>`
      + `${card.description ? `<p>${esc(card.description)}</p>` : ''}${card.hint ? `<p class="muted">${esc(card.hint)}</p>` : ''}${settings(card)}`
      + `<pre id="${esc(exampleId)}">${esc(card.example)}</pre>`
      + `<button type="button" class="secondary small" data-insert="${esc(exampleId)}" data-target="body-${esc(language)}" hidden>Insert ${esc(card.title)} at the cursor</button></li>`;
  }).join('');
  return `<details class="cards"><summary>Cards for the text</summary><p class="muted">Blocks such as a callout or an image. Copy an example into the text where it belongs, then fill in its settings.</p><ul class="list">${items}</ul></details>`;
}

/** Cards in the saved text that leave required settings empty: said before publishing, not only after. */
export function renderCardWarnings(warnings: CardWarning[]): string {
  if (warnings.length === 0) return '';
  const list = warnings.map((warning) => `${warning.card} (${warning.missing.join(', ')})`).join('; ');
  return `<p class="notice warn">Cards in the saved text leave required settings empty: ${esc(list)}. Fill them in before publishing.</p>`;
}
