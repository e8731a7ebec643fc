// Settings (settings.manage), General: the form, and saving it through save-settings.ts. A refused save shows the form
// again with what was sent and the reason; after a change saved by someone else meanwhile the form takes the
// file's new version (the person has been told, and their values are still in the form).
import { join } from 'node:path';
import { parse } from 'yaml';
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { readTextNoFollow } from '../../lib/no-follow.js';
import { saveSettings } from '../../content/write/save-settings.js';
import { versionOf } from '../../content/write/version-stamp.js';
import type { WriteContext } from '../../content/write/write-context.js';
import type { PanelNotice } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, type PanelSession } from '../panel-session.js';
import { renderSettings, SETTINGS_PATH, type SettingsForm } from './settings-view.js';
import { sendSettingsPage, settingsGet } from './settings-sections.js';
import { registerContentTypesRoutes } from './content-types-page.js';
import { registerCategoriesRoutes } from './categories-page.js';
import { registerNavigationRoutes } from './navigation-page.js';
import { registerConsentRoutes } from './consent-page.js';
import { registerStatsSwitchesRoutes } from './stats-switches-page.js';
import { fill, words } from '../words/panel-words.js';

const MAX_FORM = 64 * 1024;

export function registerSettingsRoutes(router: Router, deps: PanelDeps): void {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
  const file = () => join(deps.content.contentDir, 'site.yaml');
  const zones = (() => { try { return Intl.supportedValuesOf('timeZone'); } catch { return ['UTC']; } })();

  const fromFile = (): SettingsForm => {
    const text = readTextNoFollow(deps.trustedFolders, file());
    const site = deps.content.site();
    // The address as written (the store's may be the one the server was started with); a file broken by
    // hand gives the one in use.
    let raw: Record<string, unknown> = {};
    try { raw = (parse(text) ?? {}) as Record<string, unknown>; } catch { /* settingsGet says what is wrong */ }
    return {
      title: site.title, description: site.description, url: typeof raw.url === 'string' ? raw.url : site.url, timezone: site.timezone,
      languages: Object.entries(site.languages).map(([code, name]) => `${code} = ${name}`).join('\n'),
      defaultLanguage: site.defaultLanguage, closed: site.closed, version: versionOf(text),
    };
  };

  const send = (ctx: RequestContext, status: number, session: PanelSession, form: SettingsForm, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'general', body: renderSettings(session.csrf, form, zones), notice });

  router.get(SETTINGS_PATH, (ctx: RequestContext) => {
    const got = settingsGet(ctx, deps);
    if (got) send(ctx, 200, got.session, fromFile(), got.notice);
  });

  router.post(SETTINGS_PATH, async (ctx: RequestContext) => {
    const posted = await requirePanelPost(ctx, deps, 'settings.manage');
    if (!posted) return;
    const { session, form } = posted;
    const text = (name: string) => (form.get(name) ?? '').slice(0, MAX_FORM);
    const sent: SettingsForm = {
      title: text('title'), description: text('description').trim(), url: text('url').trim(), timezone: text('timezone').trim(),
      languages: text('languages').trim(), defaultLanguage: text('default_language'), closed: form.get('closed') === 'yes', version: text('version'),
    };
    try {
      const languages = sent.languages.split('\n').map((line) => line.trim()).filter(Boolean).map((line): [string, string] => {
        const eq = line.indexOf('=');
        if (eq < 0) throw new AppError('invalid_params', fill(words().settings.general.languageLine, { line: line.slice(0, 40) }));
        return [line.slice(0, eq).trim(), line.slice(eq + 1).trim()];
      });
      saveSettings(context, panelActor(session), { ...sent, languages }, sent.version);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A stale form takes the file's new version: saving again is a decision made with the notice in view.
      const version = error.kind === 'conflict' && /changed by someone else/.test(error.message) ? fromFile().version : sent.version;
      return send(ctx, error.status, session, { ...sent, version }, { kind: 'error', text: error.message });
    }
    redirect(ctx.res, `${SETTINGS_PATH}?done=saved`, 303, { 'cache-control': 'no-store' });
  });

  registerContentTypesRoutes(router, deps);
  registerCategoriesRoutes(router, deps);
  registerNavigationRoutes(router, deps);
  registerConsentRoutes(router, deps);
  registerStatsSwitchesRoutes(router, deps);
}
