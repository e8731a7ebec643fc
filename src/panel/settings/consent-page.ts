// Settings, Consent: the services the content embeds (found in the texts, not chosen: the banner offers
// exactly what the pages load, in the category each belongs to, with the entries that embed it), and the
// privacy policy the banner links to (site.yaml `consent.privacy_link`). Saved by save-consent.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { saveConsent } from '../../content/write/save-consent.js';
import { consentBanner } from '../../stats/consent-banner.js';
import { esc } from '../html.js';
import type { PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { formStart, formText, sectionPath, sendSettingsPage, sentText, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

const CATEGORY_NAMES: Record<string, string> = { external_media: 'External media', marketing: 'Marketing', statistics: 'Statistics' };

function servicesTable(deps: PanelDeps): string {
  const facts = consentBanner(deps.content);
  if (!facts.banner_needed) return '<p>No entry embeds a service that needs consent, so the site shows no consent banner. svc\'s own statistics set nothing in the browser and need none.</p>';
  const rows = facts.embedded_services.map((item) => `<tr><th scope="row">${esc(item.service)}</th><td>${esc(CATEGORY_NAMES[item.category] ?? item.category)}</td><td>${item.entries}</td>`
    + `<td>${item.example_ids.map((id) => `<a href="/svc/panel/entries/${esc(id)}">${esc(id)}</a>`).join(', ')}</td></tr>`).join('');
  return `<p>The consent banner asks about these, found in the entries (drafts too: a draft becomes public with one click). Its version is <code>${esc(facts.banner_version)}</code>; it changes when this list does, and visitors are asked again.</p>`
    + `<div class="scroll"><table class="stats"><thead><tr><th scope="col">Service</th><th scope="col">Asked for as</th><th scope="col">Entries</th><th scope="col">Such as</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function render(deps: PanelDeps, session: PanelSession, version: string, link: string): string {
  return '<h3>Embedded services</h3>' + servicesTable(deps)
    + '<h3>Privacy policy</h3>' + formStart(sectionPath('consent'), session.csrf, version)
    + `<label for="c-privacy">Link to the privacy policy <span class="muted">(a page of the site such as /privacy, or a whole https:// address; empty for none)</span></label>`
    + `<input type="text" id="c-privacy" name="privacy_link" value="${esc(link)}" maxlength="500" inputmode="url">`
    + '<p class="muted">The consent banner names it beside the choices.</p><button type="submit">Save the consent settings</button></form>';
}

export function registerConsentRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('consent');
  const show = (ctx: RequestContext, status: number, session: PanelSession, version: string, link: string, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'consent', title: 'Consent', body: render(deps, session, version, link), notice });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, siteYamlVersion(deps), deps.content.site().consent.privacyLink ?? '', got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path,
    (form, actor) => saveConsent(settingsContext(deps), actor, { privacyLink: formText(form, 'privacy_link', 1000) }, formText(form, 'version', 100)),
    (session, form, status, version, notice) => show(ctx, status, session, version, sentText(form, 'privacy_link', 1000), notice)));
}
