// The panel language choice on Your account: the browser's language (Accept-Language, the default) or one of
// the languages the panel speaks, each named in its own language, so a person who cannot read the page's
// present language still finds theirs.
import { esc, escText } from '../html.js';
import { csrfField } from '../csrf.js';
import { PANEL_LANGUAGES, words } from '../words/panel-words.js';

export const LANGUAGE_PATH = '/svc/panel/account/language';

/** The choice, with `chosen` ('' for the browser's) selected. */
export function renderLanguageForm(csrf: string, chosen: string): string {
  const w = words().account.language;
  const option = (value: string, name: string, lang?: string) =>
    `<option value="${esc(value)}"${lang ? ` lang="${esc(lang)}"` : ''}${value === chosen ? ' selected' : ''}>${escText(name)}</option>`;
  const options = [option('', w.browser), ...Object.entries(PANEL_LANGUAGES).map(([code, language]) => option(code, language.languageName, language.locale))].join('');
  return `<h2 id="language">${esc(w.heading)}</h2>
<form class="card" method="post" action="${LANGUAGE_PATH}">
${csrfField(csrf)}
<label for="panel-language">${esc(w.label)}</label>
<select id="panel-language" name="language" aria-describedby="language-note">${options}</select>
<p class="muted" id="language-note">${esc(w.note)}</p>
<button type="submit">${esc(w.save)}</button>
</form>`;
}
