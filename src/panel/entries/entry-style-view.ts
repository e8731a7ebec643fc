// HTML of the entry's own CSS (style.css, every language): a form for people who may change the entry,
// the CSS as saved for the others.
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import type { Decision } from './decision.js';
import { ENTRIES_PATH } from './entries-list-view.js';

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
  const intro = '<p class="muted">style.css applies to this entry\'s pages in every language, inside &lt;main&gt;. It is cleaned as content_style cleans it: @import, addresses of other sites, image-set() and expression() are removed, braces balanced; images of the entry work as <code>url(media/…)</code>. The previous CSS is kept as a version.</p>';
  if (!view.edit.allowed) {
    return `<section class="card" id="style"><h2>Style</h2>${intro}${view.css ? `<pre>${esc(view.css)}</pre>` : '<p class="muted">No style.css.</p>'}<p class="muted">${esc(view.edit.reason)}</p></section>`;
  }
  const saved = view.savedCss === null ? '' : `<details class="saved-text" open><summary>The CSS as it is saved now</summary><pre>${esc(view.savedCss)}</pre></details>`;
  return `<section class="card" id="style"><h2>Style</h2>${intro}${saved}<form method="post" action="${ENTRIES_PATH}/style" data-guard>${csrfField(view.csrf)}`
    + `<input type="hidden" name="id" value="${esc(view.id)}"><input type="hidden" name="style_version" value="${esc(view.version)}">`
    + `<label for="style-css">CSS</label><textarea id="style-css" name="css" rows="8" class="code" spellcheck="false">\n${esc(view.css)}</textarea>`
    + '<button type="submit">Save the CSS</button></form></section>';
}
