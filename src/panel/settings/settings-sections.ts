// What every Settings page shares: the sections and the links between them, the version of site.yaml a form
// is filled from, the page frame, and a save that answers a refusal with the form again (what was sent kept,
// the reason on top) and a success with a redirect to the section.
import { join } from 'node:path';
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { readTextNoFollow } from '../../lib/no-follow.js';
import type { Actor, WriteContext } from '../../content/write/write-context.js';
import { STALE_SETTINGS } from '../../content/write/site-yaml-edit.js';
import { versionOf } from '../../content/write/version-stamp.js';
import { loadSiteConfig } from '../../content/settings/site-config.js';
import { csrfField } from '../csrf.js';
import { esc } from '../html.js';
import { renderPage, sendPanelPage, type PanelNotice } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { fill, words } from '../words/panel-words.js';

export const SETTINGS_PATH = '/svc/panel/settings';

export const SECTIONS = [
  { key: 'general', path: SETTINGS_PATH },
  { key: 'types', path: `${SETTINGS_PATH}/types` },
  { key: 'categories', path: `${SETTINGS_PATH}/categories` },
  { key: 'navigation', path: `${SETTINGS_PATH}/navigation` },
  { key: 'consent', path: `${SETTINGS_PATH}/consent` },
  { key: 'statistics', path: `${SETTINGS_PATH}/statistics` },
] as const;

export type SectionKey = (typeof SECTIONS)[number]['key'];

export function sectionPath(key: SectionKey): string {
  return SECTIONS.find((section) => section.key === key)!.path;
}

/** The links between the sections, the current one marked for screen readers too. */
export function sectionNav(active: SectionKey): string {
  const w = words().settings;
  const links = SECTIONS.map((section) => `<li><a href="${esc(section.path)}"${section.key === active ? ' aria-current="page"' : ''}>${esc(w.sections[section.key])}</a></li>`).join('');
  return `<nav class="settings-sections" aria-label="${esc(w.sectionsLabel)}"><ul>${links}</ul></nav>`;
}

/** The opening of a section's form: where it posts, its CSRF token and the version of site.yaml it shows. */
export function formStart(action: string, csrf: string, version: string, extra = ''): string {
  return `<form class="card" method="post" action="${esc(action)}"${extra}>${csrfField(csrf)}<input type="hidden" name="version" value="${esc(version)}">`;
}

/** The settings writes' context for the panel. */
export function settingsContext(deps: PanelDeps): WriteContext {
  return { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
}

/** The version of site.yaml as it is now (what a form filled now is based on). */
export function siteYamlVersion(deps: PanelDeps): string {
  return versionOf(readTextNoFollow(deps.trustedFolders, join(deps.content.contentDir, 'site.yaml')));
}

export interface SectionPage {
  section: SectionKey;
  body: string;
  notice?: PanelNotice | null;
}

export function sendSettingsPage(ctx: RequestContext, status: number, session: PanelSession, page: SectionPage): void {
  const w = words().settings;
  const title = w.sections[page.section];
  const body = `<h1>${esc(w.title)}</h1>${sectionNav(page.section)}<h2 class="section-title">${esc(title)}</h2>${page.body}`;
  sendPanelPage(ctx, status, renderPage({ title: fill(w.pageTitle, { section: title }), viewer: session, active: 'settings', body, notice: page.notice ?? null }));
}

/**
 * For a section's GET: the session of a person who may manage settings, and the notice on top: what makes
 * site.yaml unreadable when a hand edit broke it (the pages show the settings the site still runs on), else
 * the saved notice when back from a save.
 */
export function settingsGet(ctx: RequestContext, deps: PanelDeps): { session: PanelSession; notice: PanelNotice | null } | null {
  const session = requirePanelSession(ctx, deps, 'settings.manage');
  if (!session) return null;
  const problem = siteYamlProblem(deps);
  if (problem !== null) return { session, notice: { kind: 'warn', text: fill(words().settings.brokenFile, { reason: problem }) } };
  return { session, notice: ctx.url.searchParams.get('done') === 'saved' ? { kind: 'ok', text: words().settings.saved } : null };
}

/** Why site.yaml cannot be taken as it is now, in one sentence, or null when it can. */
function siteYamlProblem(deps: PanelDeps): string | null {
  try {
    loadSiteConfig(join(deps.content.contentDir, 'site.yaml'), deps.trustedFolders);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * For a section's POST: checks the session, CSRF and settings.manage (403 otherwise), runs `save`, and on
 * success redirects to `back`. A refusal calls `refused` with the form as sent, the version to carry on (the
 * file's new one after a change by someone else: saving again is then a decision made with the notice in
 * view) and the notice to show.
 */
export async function settingsPost(ctx: RequestContext, deps: PanelDeps, back: string,
  save: (form: URLSearchParams, actor: Actor) => unknown,
  refused: (session: PanelSession, form: URLSearchParams, status: number, version: string, notice: PanelNotice) => void): Promise<void> {
  const posted = await requirePanelPost(ctx, deps, 'settings.manage');
  if (!posted) return;
  const { session, form } = posted;
  try {
    save(form, panelActor(session));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const version = error.kind === 'conflict' && error.message === STALE_SETTINGS ? siteYamlVersion(deps) : (form.get('version') ?? '');
    return refused(session, form, error.status, version, { kind: 'error', text: error.message });
  }
  redirect(ctx.res, `${back}${back.includes('?') ? '&' : '?'}done=saved`, 303, { 'cache-control': 'no-store' });
}

/** A form's text value for saving; longer than `max` is refused whole, never cut (a cut list would save part of it). */
export function formText(form: URLSearchParams, name: string, max = 2000): string {
  const value = form.get(name) ?? '';
  if (value.length > max) throw new AppError('invalid_params', fill(words().settings.tooLong, { name: name.slice(0, 40), max }));
  return value;
}

/** A form's text value to show again after a refusal (cut: it is only shown). */
export function sentText(form: URLSearchParams, name: string, max = 20_000): string {
  return (form.get(name) ?? '').slice(0, max);
}
