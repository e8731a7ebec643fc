// Settings, Statistics: the switches of what the statistics script records beyond page views, reading and
// scrolling (site.yaml `track_outbound_links`, `track_file_downloads`, off by default). Saved by
// save-stats-switches.ts; the next page served carries the script with them.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { saveStatsSwitches, type StatsSwitches } from '../../content/write/save-stats-switches.js';
import { esc } from '../html.js';
import { words } from '../words/panel-words.js';
import type { PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { formStart, formText, sectionPath, sendSettingsPage, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

function render(session: PanelSession, version: string, switches: StatsSwitches): string {
  const check = (name: string, on: boolean, label: string, hint: string) => `<label class="check"><input type="checkbox" name="${esc(name)}" value="yes"${on ? ' checked' : ''}><span>${esc(label)}<small>${esc(hint)}</small></span></label>`;
  const w = words().settings.statsSwitches;
  return `<p class="muted">${esc(w.intro)}</p>`
    + formStart(sectionPath('statistics'), session.csrf, version) + `<fieldset><legend>${esc(w.also)}</legend>`
    + check('track_outbound_links', switches.trackOutboundLinks, w.outbound, w.outboundHint)
    + check('track_file_downloads', switches.trackFileDownloads, w.downloads, w.downloadsHint)
    + `</fieldset><button type="submit">${esc(w.save)}</button></form>`;
}

export function registerStatsSwitchesRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('statistics');
  const current = (): StatsSwitches => {
    const site = deps.content.site();
    return { trackOutboundLinks: site.trackOutboundLinks === true, trackFileDownloads: site.trackFileDownloads === true };
  };
  const show = (ctx: RequestContext, status: number, session: PanelSession, version: string, switches: StatsSwitches, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'statistics', body: render(session, version, switches), notice });
  const sent = (form: URLSearchParams): StatsSwitches => ({ trackOutboundLinks: form.get('track_outbound_links') === 'yes', trackFileDownloads: form.get('track_file_downloads') === 'yes' });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, siteYamlVersion(deps), current(), got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path,
    (form, actor) => saveStatsSwitches(settingsContext(deps), actor, sent(form), formText(form, 'version', 100)),
    (session, form, status, version, notice) => show(ctx, status, session, version, sent(form), notice)));
}
