// Settings, Navigation: per language, the header's links are either its top-level published pages (kept up
// to date by themselves, the default) or a menu of its own, one link a line as `Title = /path` (or a whole
// https://, mailto: or tel: address). Saved by save-navigation.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import type { NavigationLink } from '../../content/entries/types.js';
import { saveNavigation, type NavigationInput } from '../../content/write/save-navigation.js';
import { invalidSetting } from '../../content/write/site-yaml-edit.js';
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';
import type { PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { topLevelPages } from '../../content/top-level-pages.js';
import { formStart, formText, sectionPath, sendSettingsPage, sentText, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

interface LanguageMenu { own: boolean; lines: string }
interface NavigationForm { version: string; menus: Record<string, LanguageMenu> }

const LINE = /^(.*?\S)\s+=\s+(\S+)$/;

function linesOf(links: readonly NavigationLink[]): string {
  return links.map((item) => `${item.title} = ${item.link}`).join('\n');
}

/** `Title = link` lines to links; a line of another shape is refused with its text. */
export function parseMenuLines(language: string, text: string): NavigationLink[] {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).map((line) => {
    const match = LINE.exec(line);
    if (!match) throw invalidSetting(fill(words().settings.navigation.badLine, { language, line: line.slice(0, 60) }));
    return { title: match[1]!, link: match[2]! };
  });
}

function languageFieldset(deps: PanelDeps, code: string, name: string, menu: LanguageMenu): string {
  const w = words().settings.navigation;
  const t = escapeHtml;
  const pages = topLevelPages(deps.content, code);
  const auto = pages.length === 0 ? w.noneYet : pages.map((page) => page.title).join(', ');
  const radio = (value: string, checked: boolean, label: string) => `<label class="check"><input type="radio" name="mode:${esc(code)}" value="${value}"${checked ? ' checked' : ''}> ${label}</label>`;
  return `<fieldset><legend>${esc(name)} (${esc(code)})</legend>`
    + radio('pages', !menu.own, `${t(w.pages)} <small>${esc(fill(w.now, { pages: auto }))}</small>`)
    + radio('own', menu.own, t(w.own))
    + `<label for="n-${esc(code)}">${esc(fill(w.links, { language: name }))} <span class="muted">${t(w.linksHint)}</span></label>`
    + `<textarea id="n-${esc(code)}" name="links:${esc(code)}" rows="5">\n${esc(menu.lines)}</textarea></fieldset>`;
}

function render(deps: PanelDeps, session: PanelSession, form: NavigationForm): string {
  const site = deps.content.site();
  const w = words().settings.navigation;
  return `<p class="muted">${escapeHtml(w.intro)}</p>`
    + formStart(sectionPath('navigation'), session.csrf, form.version)
    + Object.entries(site.languages).map(([code, name]) => languageFieldset(deps, code, name, form.menus[code] ?? { own: false, lines: '' })).join('')
    + `<button type="submit">${escapeHtml(w.save)}</button></form>`;
}

function fromSite(deps: PanelDeps): NavigationForm {
  const site = deps.content.site();
  const menus: Record<string, LanguageMenu> = {};
  for (const code of Object.keys(site.languages)) {
    const own = site.navigation[code];
    menus[code] = { own: own !== undefined, lines: linesOf(own ?? []) };
  }
  return { version: siteYamlVersion(deps), menus };
}

/** The languages the form names (`mode:<code>`), each with its choice and its lines. */
function menusOf(form: URLSearchParams, read: (name: string, max: number) => string): Record<string, LanguageMenu> {
  const menus: Record<string, LanguageMenu> = {};
  for (const name of new Set(form.keys())) {
    if (!name.startsWith('mode:')) continue;
    const code = name.slice('mode:'.length, 'mode:'.length + 20);
    menus[code] = { own: read(name, 10) === 'own', lines: read(`links:${code}`, 20_000) };
  }
  return menus;
}

export function registerNavigationRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('navigation');
  const show = (ctx: RequestContext, status: number, session: PanelSession, form: NavigationForm, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'navigation', body: render(deps, session, form), notice });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, fromSite(deps), got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path, (form, actor) => {
    const input: NavigationInput = {};
    for (const [code, menu] of Object.entries(menusOf(form, (name, max) => formText(form, name, max)))) input[code] = menu.own ? parseMenuLines(code, menu.lines) : null;
    return saveNavigation(settingsContext(deps), actor, input, formText(form, 'version', 100));
  }, (session, form, status, version, notice) => show(ctx, status, session, { version, menus: menusOf(form, (name, max) => sentText(form, name, max)) }, notice)));
}
