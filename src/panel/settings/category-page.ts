// Settings, one category: its label, kind and fields (a row each: name, type, label, required, the same in
// all languages, the choices of a choice field, remove; one empty row adds a field), and removing it, which
// is refused while posts use it. Saved by save-categories.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import type { CategoryDefinition } from '../../content/entries/types.js';
import { FIELD_TYPES, MAX_FIELDS, removeCategory, saveCategory, type CategoryInput, type FieldInput } from '../../content/write/save-categories.js';
import { invalidSetting } from '../../content/write/site-yaml-edit.js';
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, plural, words } from '../words/panel-words.js';
import { sendPanelMessage, type PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { formStart, formText, sectionPath, sendSettingsPage, sentText, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

/** A field row as the form shows it; `fixed` rows (already saved) keep their name. */
interface FieldRow extends FieldInput { fixed: boolean; remove: boolean }

interface CategoryForm { version: string; label: string; kind: string; rows: FieldRow[] }

/** Posts per category key (a post counts once, whichever of its translations names it). */
export function categoryUse(deps: PanelDeps): Map<string, number> {
  const counts = new Map<string, number>();
  for (const entry of deps.content.entries()) {
    const keys = new Set([...entry.translations.values()].map((translation) => translation.category).filter((key): key is string => key !== null));
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const EMPTY_ROW: FieldRow = { key: '', type: 'text', label: '', required: false, sameInAllLanguages: false, options: [], fixed: false, remove: false };

function fromCategory(category: CategoryDefinition, version: string): CategoryForm {
  const rows = Object.entries(category.fields).map(([key, field]): FieldRow => ({
    key, type: field.type, label: field.label, required: field.required, sameInAllLanguages: field.same_in_all_languages, options: field.options ?? [], fixed: true, remove: false,
  }));
  return { version, label: category.label, kind: category.kind, rows: [...rows, EMPTY_ROW] };
}

function fieldRow(row: FieldRow, index: number): string {
  const id = (name: string) => `f${index}-${name}`;
  const name = (part: string) => `f${index}_${part}`;
  const w = words().settings.category;
  const t = escapeHtml;
  const what = row.fixed ? row.key : w.newField;
  const key = row.fixed
    ? `<code>${esc(row.key)}</code><input type="hidden" name="${name('key')}" value="${esc(row.key)}"><input type="hidden" name="${name('fixed')}" value="yes">`
    : `<label class="visually-hidden" for="${id('key')}">${t(w.newFieldName)}</label><input type="text" id="${id('key')}" name="${name('key')}" value="${esc(row.key)}" maxlength="40" pattern="[a-z][a-z0-9_]*" placeholder="${esc(w.newFieldPlaceholder)}">`;
  const types = FIELD_TYPES.map((type) => `<option value="${type}"${row.type === type ? ' selected' : ''}>${type === 'select' ? t(w.selectType) : type}</option>`).join('');
  const check = (part: string, on: boolean, label: string) => `<label class="check"><input type="checkbox" name="${name(part)}" value="yes"${on ? ' checked' : ''}> ${t(label)}<span class="visually-hidden"> (${esc(what)})</span></label>`;
  return `<tr><th scope="row">${key}</th>`
    + `<td><label class="visually-hidden" for="${id('type')}">${esc(fill(w.typeOf, { field: what }))}</label><select id="${id('type')}" name="${name('type')}">${types}</select></td>`
    + `<td><label class="visually-hidden" for="${id('label')}">${esc(fill(w.labelOf, { field: what }))}</label><input type="text" id="${id('label')}" name="${name('label')}" value="${esc(row.label)}" maxlength="60"></td>`
    + `<td><label class="visually-hidden" for="${id('options')}">${esc(fill(w.choicesOf, { field: what }))}</label><textarea id="${id('options')}" name="${name('options')}" rows="2" placeholder="${esc(w.choicesExample)}">${esc(row.options.join('\n'))}</textarea></td>`
    + `<td>${check('required', row.required, w.required)}${check('same', row.sameInAllLanguages, w.same)}${row.fixed ? check('remove', row.remove, w.remove) : ''}</td></tr>`;
}

function render(key: string, session: PanelSession, form: CategoryForm, used: number): string {
  const path = `${sectionPath('categories')}/${key}`;
  const w = words().settings.category;
  const c = words().settings.categories;
  const t = escapeHtml;
  const kinds = [['plain', c.kindPlain], ['date', c.kindDate]]
    .map(([value, label]) => `<option value="${value}"${form.kind === value ? ' selected' : ''}>${esc(label)}</option>`).join('');
  // The key is code inside the sentence: the word is escaped first, then the escaped <code> is filled in.
  return `<p><a href="${esc(sectionPath('categories'))}">${t(w.all)}</a></p><h3>${fill(t(w.heading), { key: `<code>${esc(key)}</code>` })}</h3>`
    + formStart(path, session.csrf, form.version) + `<input type="hidden" name="rows" value="${form.rows.length}">`
    + `<label for="c-label">${t(c.label)}</label><input type="text" id="c-label" name="label" value="${esc(form.label)}" required maxlength="60">`
    + `<label for="c-kind">${t(c.kind)}</label><select id="c-kind" name="kind">${kinds}</select>`
    + `<fieldset><legend>${t(w.fields)}</legend><p class="muted">${t(w.fieldsHint)}</p>`
    + `<div class="scroll"><table class="stats"><thead><tr><th scope="col">${t(w.name)}</th><th scope="col">${t(w.type)}</th><th scope="col">${t(c.label)}</th><th scope="col">${t(w.choices)}</th><th scope="col">${t(w.options)}</th></tr></thead><tbody>${form.rows.map(fieldRow).join('')}</tbody></table></div></fieldset>`
    + `<button type="submit">${t(w.save)}</button></form>`
    + `<h3>${t(w.removeHeading)}</h3>${formStart(`${path}/remove`, session.csrf, form.version)}<p>${t(used === 0 ? w.unused : plural(w.used, used))}</p><button type="submit" class="danger">${esc(fill(w.removeButton, { key }))}</button></form>`;
}

/** The rows as sent, in order; the empty row for a new field is left out. */
function rowsOf(read: (name: string, max: number) => string): FieldRow[] {
  const count = Math.min(Number.parseInt(read('rows', 10), 10) || 0, MAX_FIELDS + 1);
  const rows: FieldRow[] = [];
  for (let index = 0; index < count; index++) {
    const part = (name: string, max = 200) => read(`f${index}_${name}`, max);
    const row: FieldRow = {
      key: part('key').trim(), type: part('type', 20), label: part('label'), required: part('required') === 'yes', sameInAllLanguages: part('same') === 'yes',
      options: choicesOf(part('options', 4000)), fixed: part('fixed') === 'yes', remove: part('remove') === 'yes',
    };
    if (row.key === '' && row.label.trim() === '' && row.options.length === 0) continue;
    rows.push(row);
  }
  return rows;
}

/**
 * A choice field's choices, one a line: a choice may hold a comma ("Vienna, Austria"), which the earlier
 * comma-separated box split in two at the next save of the category, changing nothing else.
 */
function choicesOf(text: string): string[] {
  return text.split('\n').map((option) => option.trim()).filter(Boolean);
}

function inputOf(form: URLSearchParams): CategoryInput {
  const read = (name: string, max: number) => formText(form, name, max);
  // Rows past the count sent would be dropped, and with them fields the person never removed.
  const count = Number.parseInt(read('rows', 10), 10) || 0;
  if ([...form.keys()].some((name) => Number(/^f(\d+)_/.exec(name)?.[1] ?? -1) >= Math.min(count, MAX_FIELDS + 1))) {
    throw invalidSetting(fill(words().settings.category.tooManyRows, { max: MAX_FIELDS }));
  }
  const kind = read('kind', 20);
  return { label: read('label', 200), kind: kind as CategoryInput['kind'], fields: rowsOf(read).filter((row) => !row.remove) };
}

export function registerCategoryRoutes(router: Router, deps: PanelDeps): void {
  const base = sectionPath('categories');
  const category = (key: string) => (Object.hasOwn(deps.content.site().categories, key) ? deps.content.site().categories[key]! : undefined);
  const show = (ctx: RequestContext, status: number, session: PanelSession, key: string, form: CategoryForm, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'categories', body: render(key, session, form, categoryUse(deps).get(key) ?? 0), notice });

  router.get(`${base}/:key`, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (!got) return;
    const key = ctx.params.key ?? '';
    const found = category(key);
    if (!found) return sendPanelMessage(ctx, 404, words().settings.category.notFound, fill(words().settings.category.notFoundText, { key: key.slice(0, 40) }), got.session);
    show(ctx, 200, got.session, key, fromCategory(found, siteYamlVersion(deps)), got.notice);
  });

  router.post(`${base}/:key`, (ctx) => {
    const key = ctx.params.key ?? '';
    return settingsPost(ctx, deps, `${base}/${key}`,
      (form, actor) => saveCategory(settingsContext(deps), actor, key, inputOf(form), formText(form, 'version', 100)),
      (session, form, status, version, notice) => {
        const read = (name: string, max: number) => sentText(form, name, max);
        const rows = rowsOf(read);
        show(ctx, status, session, key, { version, label: read('label', 200), kind: read('kind', 20), rows: [...rows, EMPTY_ROW] }, notice);
      });
  });

  router.post(`${base}/:key/remove`, (ctx) => {
    const key = ctx.params.key ?? '';
    return settingsPost(ctx, deps, base,
      (form, actor) => removeCategory(settingsContext(deps), actor, key, formText(form, 'version', 100)),
      (session, _form, status, version, notice) => {
        const found = category(key);
        if (!found) return sendPanelMessage(ctx, status, words().settings.category.notRemoved, notice.text, session);
        show(ctx, status, session, key, { ...fromCategory(found, version) }, notice);
      });
  });
}
