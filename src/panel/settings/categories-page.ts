// Settings, Categories: the categories of posts with how many posts use each, a form to add one, and for each
// its own page (category-page.ts) to change its label, kind and fields or remove it. Saved by
// save-categories.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { addCategory } from '../../content/write/save-categories.js';
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, plural, words } from '../words/panel-words.js';
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
  const w = words().settings.categories;
  const t = escapeHtml;
  const items = Object.values(site.categories).map((category) => {
    const fields = Object.values(category.fields).map((field) => field.label).join(', ');
    const count = use.get(category.key) ?? 0;
    return `<li><div class="row"><a class="name" href="${esc(`${path}/${category.key}`)}">${esc(category.label)}</a><span class="muted"><code>${esc(category.key)}</code> · ${t(category.kind === 'date' ? w.dated : w.plain)} · ${t(plural(w.posts, count))}</span></div>`
      + `<p class="muted">${fields ? esc(fill(w.fields, { fields })) : t(w.noFields)}</p></li>`;
  }).join('');
  const kinds = [['plain', w.kindPlain], ['date', w.kindDate]]
    .map(([value, label]) => `<option value="${value}"${form.kind === value ? ' selected' : ''}>${esc(label)}</option>`).join('');
  return `<p class="muted">${t(w.intro)}</p>`
    + (items ? `<ul class="list">${items}</ul>` : `<p>${t(w.none)}</p>`)
    + `<h3>${t(w.add)}</h3>` + formStart(path, session.csrf, form.version)
    + `<label for="c-key">${t(w.name)} <span class="muted">${t(w.nameHint)}</span></label><input type="text" id="c-key" name="key" value="${esc(form.key)}" required maxlength="40" pattern="[a-z][a-z0-9_\\-]*">`
    + `<label for="c-label">${t(w.label)} <span class="muted">${t(w.labelHint)}</span></label><input type="text" id="c-label" name="label" value="${esc(form.label)}" required maxlength="60">`
    + `<label for="c-kind">${t(w.kind)}</label><select id="c-kind" name="kind">${kinds}</select>`
    + `<button type="submit">${t(w.addButton)}</button></form>`;
}

export function registerCategoriesRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('categories');
  const show = (ctx: RequestContext, status: number, session: PanelSession, form: AddForm, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'categories', body: render(deps, session, form), notice });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, { version: siteYamlVersion(deps), key: '', label: '', kind: 'plain' }, got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path,
    (form, actor) => addCategory(settingsContext(deps), actor, { key: formText(form, 'key', 200), label: formText(form, 'label', 200), kind: formText(form, 'kind', 20) }, formText(form, 'version', 100)),
    (session, form, status, version, notice) => show(ctx, status, session, { version, key: sentText(form, 'key', 200), label: sentText(form, 'label', 200), kind: sentText(form, 'kind', 20) }, notice)));

  registerCategoryRoutes(router, deps);
}
