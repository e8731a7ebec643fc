// HTML of Settings, General: the site's title, description, address, languages (one `code = Name` a line) and the
// default, time zone, and whether the site is closed. Plain form; the version of site.yaml rides along.
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { words } from '../words/panel-words.js';
import { formStart, SETTINGS_PATH } from './settings-sections.js';

export { SETTINGS_PATH };

export interface SettingsForm {
  title: string;
  description: string;
  url: string;
  timezone: string;
  /** `code = Name` lines. */
  languages: string;
  defaultLanguage: string;
  closed: boolean;
  version: string;
}

export function renderSettings(csrf: string, form: SettingsForm, zones: readonly string[]): string {
  const codes = form.languages.split('\n').map((line) => line.split('=')[0]!.trim()).filter(Boolean);
  const defaults = [...new Set([form.defaultLanguage, ...codes])].filter(Boolean).map((code) => `<option value="${esc(code)}"${code === form.defaultLanguage ? ' selected' : ''}>${esc(code)}</option>`).join('');
  const w = words().settings.general;
  // Words in element content are escaped as text (quotes stay quotes); attribute values with esc().
  const t = escapeHtml;
  return formStart(SETTINGS_PATH, csrf, form.version)
    + `<label for="s-title">${t(w.title)}</label><input type="text" id="s-title" name="title" value="${esc(form.title)}" required maxlength="200">`
    + `<label for="s-description">${t(w.description)}</label><textarea id="s-description" name="description" rows="3" maxlength="1000">\n${esc(form.description)}</textarea>`
    + `<label for="s-url">${t(w.address)} <span class="muted">${t(w.addressHint)}</span></label><input type="text" id="s-url" name="url" value="${esc(form.url)}" required inputmode="url">`
    + `<label for="s-languages">${t(w.languages)} <span class="muted">${t(w.languagesHint)}</span></label><textarea id="s-languages" name="languages" rows="4" required>\n${esc(form.languages)}</textarea>`
    + `<label for="s-default">${t(w.defaultLanguage)}</label><select id="s-default" name="default_language">${defaults}</select>`
    + `<label for="s-timezone">${t(w.timeZone)} <span class="muted">${t(w.timeZoneHint)}</span></label><input type="text" id="s-timezone" name="timezone" value="${esc(form.timezone)}" required list="zones" maxlength="64"><datalist id="zones">${zones.map((zone) => `<option value="${esc(zone)}">`).join('')}</datalist>`
    + `<label class="check"><input type="checkbox" name="closed" value="yes"${form.closed ? ' checked' : ''}> ${t(w.closed)}</label>`
    + `<button type="submit">${t(w.save)}</button></form>`
    + `<p class="muted">${t(w.note)}</p>`;
}
