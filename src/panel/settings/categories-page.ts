// Settings, Categories: the categories of posts with how many posts use each, a form to add one, and for each
// its own page (category-page.ts) to change its label, kind and fields or remove it. Saved by
// save-categories.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { addCategory } from '../../content/write/save-categories.js';
import { esc } from '../html.js';
import type { PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { categoryUse, registerCategoryRoutes } from './category-page.js';
import { formStart, formText, sectionPath, sendSettingsPage, sentText, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

interface AddForm {
  version: string;
  key: string;
  label: string;
  kind: string;
}

function render(deps: PanelDeps, session: PanelSession, form: AddForm): string {
  const site = deps.content.site();
  const use = categoryUse(deps);
  const path = sectionPath('categories');
  const items = Object.values(site.categories).map((category) => {
    const fields = Object.values(category.fields).map((field) => field.label).join(', ');
    const count = use.get(category.key) ?? 0;
    return `<li><div class="row"><a class="name" href="${esc(`${path}/${category.key}`)}">${esc(category.label)}</a><span class="muted"><code>${esc(category.key)}</code> · ${category.kind === 'date' ? 'dated (upcoming first)' : 'plain'} · ${count} ${count === 1 ? 'post' : 'posts'}</span></div>`
      + `<p class="muted">${fields ? `Fields: ${esc(fields)}` : 'No fields of its own.'}</p></li>`;
  }).join('');
  const kinds = [['plain', 'Plain'], ['date', 'Dated: each post has a start time; upcoming ones come first']]
    .map(([value, label]) => `<option value="${value}"${form.kind === value ? ' selected' : ''}>${esc(label)}</option>`).join('');
  return '<p class="muted">A category groups posts (such as Journal or Events) and can ask each of its posts for fields of its own (a place, a level). Assistants see them in site_info.</p>'
    + (items ? `<ul class="list">${items}</ul>` : '<p>No categories yet.</p>')
    + '<h3>Add a category</h3>' + formStart(path, session.csrf, form.version)
    + `<label for="c-key">Name <span class="muted">(lowercase, such as events; posts name it in their category field)</span></label><input type="text" id="c-key" name="key" value="${esc(form.key)}" required maxlength="40" pattern="[a-z][a-z0-9_\\-]*">`
    + `<label for="c-label">Label <span class="muted">(such as Events)</span></label><input type="text" id="c-label" name="label" value="${esc(form.label)}" required maxlength="60">`
    + `<label for="c-kind">Kind</label><select id="c-kind" name="kind">${kinds}</select>`
    + '<button type="submit">Add the category</button></form>';
}

export function registerCategoriesRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('categories');
  const show = (ctx: RequestContext, status: number, session: PanelSession, form: AddForm, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'categories', title: 'Categories', body: render(deps, session, form), notice });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, { version: siteYamlVersion(deps), key: '', label: '', kind: 'plain' }, got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path,
    (form, actor) => addCategory(settingsContext(deps), actor, { key: formText(form, 'key', 200), label: formText(form, 'label', 200), kind: formText(form, 'kind', 20) }, formText(form, 'version', 100)),
    (session, form, status, version, notice) => show(ctx, status, session, { version, key: sentText(form, 'key', 200), label: sentText(form, 'label', 200), kind: sentText(form, 'kind', 20) }, notice)));

  registerCategoryRoutes(router, deps);
}
