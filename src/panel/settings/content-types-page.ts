// Settings, Content types: every type with its folder, entries and label (editable), custom types removable
// when they have no entries, and a new custom type (name, folder, label). Saved by save-content-types.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import type { ContentType } from '../../content/entries/types.js';
import { saveContentTypes } from '../../content/write/save-content-types.js';
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';
import type { PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { formStart, formText, sectionPath, sendSettingsPage, sentText, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

const CORE = new Set(['post', 'page', 'tag']);

/** What the form shows: as saved, or as sent when a save was refused. */
interface TypesForm {
  version: string;
  labels: Record<string, string>;
  remove: Set<string>;
  add: { key: string; folder: string; label: string };
}

function row(type: ContentType, count: number, form: TypesForm): string {
  const w = words().settings.types;
  const id = `t-${type.key}`;
  const remove = CORE.has(type.key)
    ? `<span class="muted">${escapeHtml(w.inEverySite)}</span>`
    : `<label class="check"><input type="checkbox" name="remove" value="${esc(type.key)}"${form.remove.has(type.key) ? ' checked' : ''}> ${escapeHtml(w.remove)}<span class="visually-hidden"> ${esc(type.key)}</span></label>`;
  return `<tr><th scope="row"><code>${esc(type.key)}</code></th><td><code>${esc(type.folder)}/</code></td><td>${count}</td>`
    + `<td><label class="visually-hidden" for="${esc(id)}">${esc(fill(w.labelOf, { type: type.key }))}</label><input type="text" id="${esc(id)}" name="label:${esc(type.key)}" value="${esc(form.labels[type.key] ?? type.label)}" required maxlength="60"></td><td>${remove}</td></tr>`;
}

function render(deps: PanelDeps, session: PanelSession, form: TypesForm): string {
  const counts = deps.content.counts();
  const rows = deps.content.site().types.map((type) => row(type, counts[type.key] ?? 0, form)).join('');
  const w = words().settings.types;
  const t = escapeHtml;
  return `<p class="muted">${t(w.intro)}</p>`
    + formStart(sectionPath('types'), session.csrf, form.version)
    + `<div class="scroll"><table class="stats"><caption class="visually-hidden">${t(words().settings.sections.types)}</caption><thead><tr><th scope="col">${t(w.type)}</th><th scope="col">${t(w.folder)}</th><th scope="col">${t(w.entries)}</th><th scope="col">${t(w.label)}</th><th scope="col"><span class="visually-hidden">${t(w.remove)}</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
    + `<fieldset><legend>${t(w.add)}</legend><p class="muted">${t(w.addHint)}</p>`
    + `<label for="t-new-key">${t(w.name)} <span class="muted">${t(w.nameHint)}</span></label><input type="text" id="t-new-key" name="new_key" value="${esc(form.add.key)}" maxlength="40" pattern="[a-z][a-z0-9_\\-]*">`
    + `<label for="t-new-folder">${t(w.folder)} <span class="muted">${t(w.folderHint)}</span></label><input type="text" id="t-new-folder" name="new_folder" value="${esc(form.add.folder)}" maxlength="40" pattern="[a-z0-9][a-z0-9\\-]*">`
    + `<label for="t-new-label">${t(w.label)} <span class="muted">${t(w.labelHint)}</span></label><input type="text" id="t-new-label" name="new_label" value="${esc(form.add.label)}" maxlength="60"></fieldset>`
    + `<button type="submit">${t(w.save)}</button></form>`;
}

function fromSite(deps: PanelDeps): TypesForm {
  return { version: siteYamlVersion(deps), labels: {}, remove: new Set(), add: { key: '', folder: '', label: '' } };
}

function labelsOf(form: URLSearchParams, read: (name: string) => string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const name of new Set(form.keys())) if (name.startsWith('label:')) labels[name.slice('label:'.length, 'label:'.length + 60)] = read(name);
  return labels;
}

function sent(form: URLSearchParams, version: string): TypesForm {
  return {
    version, labels: labelsOf(form, (name) => sentText(form, name, 200)), remove: new Set(form.getAll('remove')),
    add: { key: sentText(form, 'new_key', 200), folder: sentText(form, 'new_folder', 200), label: sentText(form, 'new_label', 200) },
  };
}

export function registerContentTypesRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('types');
  const show = (ctx: RequestContext, status: number, session: PanelSession, form: TypesForm, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'types', body: render(deps, session, form), notice });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, fromSite(deps), got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path, (form, actor) => {
    const key = formText(form, 'new_key', 200).trim();
    const folder = formText(form, 'new_folder', 200);
    const label = formText(form, 'new_label', 200);
    // A folder or label typed without a name is a type half added: refused by its name's rule, never skipped.
    const add = key === '' && folder.trim() === '' && label.trim() === '' ? null : { key, folder, label };
    return saveContentTypes(settingsContext(deps), actor, { labels: labelsOf(form, (name) => formText(form, name, 200)), remove: form.getAll('remove').map((item) => item.slice(0, 60)), add }, formText(form, 'version', 100));
  }, (session, form, status, version, notice) => show(ctx, status, session, sent(form, version), notice)));
}
