// HTML of the editor's toolbar above a translation's text, and one small form per card the site offers.
// Everything here needs the script: the toolbar carries `hidden` until it runs, and the card forms are
// dialogs outside the edit form (a dialog's own `method="dialog"` form checks required settings and closes;
// its inputs are never sent with the text). Without the script the cards helper below the text remains.
// Words come from the panel's words (editor section), in the language of the person asking.
import type { Card } from '../../content/cards.js';
import { esc } from '../html.js';
import { words } from '../words/panel-words.js';

/**
 * A toolbar button: what it does (its name and its short visible text are the words' `editor.tools`), and its
 * shortcut (`Control` becomes ⌘ on a Mac, in the script).
 */
interface Tool { action: keyof ReturnType<typeof words>['editor']['tools']; keys: string }

export const TOOLS: readonly Tool[] = [
  { action: 'heading', keys: 'Control+Shift+H' },
  { action: 'bold', keys: 'Control+B' },
  { action: 'italic', keys: 'Control+I' },
  { action: 'link', keys: 'Control+K' },
  { action: 'list', keys: 'Control+Shift+8' },
  { action: 'quote', keys: 'Control+Shift+9' },
  { action: 'code', keys: 'Control+E' },
  { action: 'image', keys: 'Control+Alt+I' },
];

/** `Control+Shift+8` as people read it: `Ctrl+Shift+8` (the Control key named as the language names it: `Strg` in German). */
export function shortcutText(keys: string): string {
  return keys.replace('Control', words().editor.ctrl);
}

function fieldInput(id: string, field: Card['fields'][number], images: readonly string[]): string {
  const w = words().editor;
  const required = field.required ? ' required' : '';
  const label = `<label for="${id}">${esc(field.label)}${field.required ? ` <span class="required">${esc(w.required)}</span>` : ''}</label>`;
  const data = `data-key="${esc(field.key)}"`;
  if (field.options) {
    const options = field.options.map((option) => `<option${String(field.default ?? '') === option ? ' selected' : ''}>${esc(option)}</option>`).join('');
    return `${label}<select id="${id}" ${data}${required}>${field.required ? '' : '<option value=""></option>'}${options}</select>`;
  }
  if ((field.type === 'image' || field.type === 'images') && images.length > 0) {
    const multiple = field.type === 'images' ? ' multiple' : '';
    const options = images.map((reference) => `<option value="${esc(reference)}">${esc(reference.slice(reference.lastIndexOf('/') + 1))}</option>`).join('');
    return `${label}<select id="${id}" ${data}${multiple}${required} data-images>${options}</select>${multiple ? `<p class="muted">${esc(w.imageHelp)}</p>` : ''}`;
  }
  const type = field.type === 'url' ? 'url' : 'text';
  const placeholder = field.type === 'image' || field.type === 'images' ? ` placeholder="media/…"` : '';
  return `${label}<input type="${type}" id="${id}" ${data}${required}${placeholder} value="${esc(field.default === null || field.options ? '' : String(field.default))}">`;
}

/** The dialog that asks a card's settings and inserts it at the cursor of `bodyId`. */
function cardDialog(language: string, card: Card, images: readonly string[], bodyId: string): string {
  const w = words().editor;
  const id = `cardform-${language}-${card.name}`;
  const value = card.value
    ? `<label for="${id}-value">${esc(card.value.label)}${card.value.required ? ` <span class="required">${esc(w.required)}</span>` : ''}</label><input type="text" id="${id}-value" data-key=""${card.value.required ? ' required' : ''}>`
    : '';
  const fields = card.fields.map((field) => fieldInput(`${id}-field-${esc(field.key)}`, field, images)).join('');
  const content = card.content ? `<label for="${id}-content">${esc(w.content)}</label><textarea id="${id}-content" rows="4" data-content></textarea>` : '';
  return `<dialog class="card-form" id="${id}" aria-labelledby="${id}-heading" data-card="${esc(card.name)}" data-target="${esc(bodyId)}">`
    + `<form method="dialog"><h3 id="${id}-heading">${esc(card.title)}</h3>${card.description ? `<p class="muted">${esc(card.description)}</p>` : ''}`
    + `${value}${fields}${content}`
    + `<div class="actions"><button type="submit" value="insert">${esc(w.insert)}</button><button type="button" class="secondary" data-dialog-cancel>${esc(w.cancel)}</button></div></form></dialog>`;
}

/** The toolbar for the textarea `bodyId` (inside the edit form). */
export function renderToolbar(language: string, bodyId: string, cards: readonly Card[]): string {
  const w = words().editor;
  const button = (tool: Tool) => {
    const { label, text } = w.tools[tool.action];
    return `<button type="button" class="tool tool-${tool.action}" data-md="${tool.action}" aria-label="${esc(label)}" title="${esc(`${label} (${shortcutText(tool.keys)})`)}" aria-keyshortcuts="${tool.keys}">${esc(text)}</button>`;
  };
  const cardButtons = cards.map((card) => `<button type="button" class="tool" aria-haspopup="dialog" data-card-open="cardform-${esc(language)}-${esc(card.name)}" title="${esc(card.description || card.title)}">${esc(card.title)}</button>`).join('');
  return `<div class="toolbar" role="toolbar" aria-label="${esc(w.toolbar)}" aria-controls="${esc(bodyId)}" data-toolbar="${esc(bodyId)}" hidden>${TOOLS.map(button).join('')}`
    + (cards.length > 0 ? `<span class="tool-group" role="group" aria-label="${esc(w.cards)}"><span class="muted" aria-hidden="true">${esc(w.cards)}:</span>${cardButtons}</span>` : '')
    + `<input type="file" accept="image/*" multiple hidden data-image-picker tabindex="-1" aria-hidden="true"></div>`;
}

/** The card dialogs of one translation's text, placed after its edit form. */
export function renderCardDialogs(language: string, bodyId: string, cards: readonly Card[], images: readonly string[]): string {
  return cards.map((card) => cardDialog(language, card, images, bodyId)).join('');
}
