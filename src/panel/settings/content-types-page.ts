// Settings, Content types: every type with its folder, entries and label (editable), custom types removable
// when they have no entries, and a new custom type (name, folder, label). Saved by save-content-types.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import type { ContentType } from '../../content/entries/types.js';
import { saveContentTypes } from '../../content/write/save-content-types.js';
import { esc } from '../html.js';
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
  const id = `t-${type.key}`;
  const remove = CORE.has(type.key)
    ? '<span class="muted">in every site</span>'
    : `<label class="check"><input type="checkbox" name="remove" value="${esc(type.key)}"${form.remove.has(type.key) ? ' checked' : ''}> Remove<span class="visually-hidden"> ${esc(type.key)}</span></label>`;
  return `<tr><th scope="row"><code>${esc(type.key)}</code></th><td><code>${esc(type.folder)}/</code></td><td>${count}</td>`
    + `<td><label class="visually-hidden" for="${esc(id)}">Label of ${esc(type.key)}</label><input type="text" id="${esc(id)}" name="label:${esc(type.key)}" value="${esc(form.labels[type.key] ?? type.label)}" required maxlength="60"></td><td>${remove}</td></tr>`;
}

function render(deps: PanelDeps, session: PanelSession, form: TypesForm): string {
  const counts = deps.content.counts();
  const rows = deps.content.site().types.map((type) => row(type, counts[type.key] ?? 0, form)).join('');
  return '<p class="muted">A type is a kind of entry with a folder of its own in content/ and its addresses (/&lt;folder&gt;/&lt;slug&gt;). Its label names it in the panel, the site\'s listings and site_info. A type with entries cannot be removed: delete its entries first.</p>'
    + formStart(sectionPath('types'), session.csrf, form.version)
    + `<div class="scroll"><table class="stats"><caption class="visually-hidden">Content types</caption><thead><tr><th scope="col">Type</th><th scope="col">Folder</th><th scope="col">Entries</th><th scope="col">Label</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead><tbody>${rows}</tbody></table></div>`
    + '<fieldset><legend>Add a type</legend><p class="muted">Leave empty to add none.</p>'
    + `<label for="t-new-key">Name <span class="muted">(lowercase, such as event)</span></label><input type="text" id="t-new-key" name="new_key" value="${esc(form.add.key)}" maxlength="40" pattern="[a-z][a-z0-9_\\-]*">`
    + `<label for="t-new-folder">Folder <span class="muted">(lowercase, such as events; its entries' addresses start with it)</span></label><input type="text" id="t-new-folder" name="new_folder" value="${esc(form.add.folder)}" maxlength="40" pattern="[a-z0-9][a-z0-9\\-]*">`
    + `<label for="t-new-label">Label <span class="muted">(such as Events)</span></label><input type="text" id="t-new-label" name="new_label" value="${esc(form.add.label)}" maxlength="60"></fieldset>`
    + '<button type="submit">Save the content types</button></form>';
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
    sendSettingsPage(ctx, status, session, { section: 'types', title: 'Content types', body: render(deps, session, form), notice });

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
