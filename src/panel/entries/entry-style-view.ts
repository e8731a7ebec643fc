// HTML of the entry's own CSS (style.css, every language): a form for people who may change the entry,
// the CSS as saved for the others.
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import type { Decision } from './decision.js';
import { ENTRIES_PATH } from './entries-list-view.js';
import { fill, words } from '../words/panel-words.js';

export interface StyleView {
  csrf: string;
  id: string;
  css: string;
  version: string;
  edit: Decision;
  /** The CSS as saved now, after a save from an older page was refused. */
  savedCss: string | null;
}

export function renderStyleSection(view: StyleView): string {
  const w = words().entries.style;
  // {main} and {url} are code, filled into the escaped word.
  const intro = `<p class="muted">${fill(esc(w.intro), { main: '&lt;main&gt;', url: '<code>url(media/…)</code>' })}</p>`;
  if (!view.edit.allowed) {
    return `<section class="card" id="style"><h2>${esc(w.heading)}</h2>${intro}${view.css ? `<pre>${esc(view.css)}</pre>` : `<p class="muted">${esc(w.none)}</p>`}<p class="muted">${esc(view.edit.reason)}</p></section>`;
  }
  const saved = view.savedCss === null ? '' : `<details class="saved-text" open><summary>${esc(w.saved)}</summary><pre>${esc(view.savedCss)}</pre></details>`;
  return `<section class="card" id="style"><h2>${esc(w.heading)}</h2>${intro}${saved}<form method="post" action="${ENTRIES_PATH}/style" data-guard>${csrfField(view.csrf)}`
    + `<input type="hidden" name="id" value="${esc(view.id)}"><input type="hidden" name="style_version" value="${esc(view.version)}">`
    + `<label for="style-css">${esc(w.css)}</label><textarea id="style-css" name="css" rows="8" class="code" spellcheck="false">\n${esc(view.css)}</textarea>`
    + `<button type="submit">${esc(w.save)}</button></form></section>`;
}
