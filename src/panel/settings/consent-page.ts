// Settings, Consent: the services the content embeds (found in the texts, not chosen: the banner offers
// exactly what the pages load, in the category each belongs to, with the entries that embed it), and the
// privacy policy the banner links to (site.yaml `consent.privacy_link`). Saved by save-consent.ts.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { saveConsent } from '../../content/write/save-consent.js';
import { consentBanner } from '../../stats/consent-banner.js';
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';
import type { PanelNotice } from '../layout.js';
import type { PanelSession } from '../panel-session.js';
import { formStart, formText, sectionPath, sendSettingsPage, sentText, settingsContext, settingsGet, settingsPost, siteYamlVersion } from './settings-sections.js';

/** A consent category as people read it (the banner's categories are site.yaml's keys). */
function categoryName(category: string): string {
  const names = words().settings.consent.categories;
  return category === 'external_media' ? names.externalMedia : category === 'marketing' ? names.marketing : category === 'statistics' ? names.statistics : category;
}

function servicesTable(deps: PanelDeps): string {
  const w = words().settings.consent;
  const t = escapeHtml;
  const facts = consentBanner(deps.content);
  if (!facts.banner_needed) return `<p>${t(w.noBanner)}</p>`;
  const rows = facts.embedded_services.map((item) => `<tr><th scope="row">${esc(item.service)}</th><td>${esc(categoryName(item.category))}</td><td>${item.entries}</td>`
    + `<td>${item.example_ids.map((id) => `<a href="/svc/panel/entries/${esc(id)}">${esc(id)}</a>`).join(', ')}</td></tr>`).join('');
  // The version is code inside the sentence: the word is escaped first, then the escaped <code> is filled in.
  return `<p>${fill(t(w.asks), { version: `<code>${esc(facts.banner_version)}</code>` })}</p>`
    + `<div class="scroll"><table class="stats"><thead><tr><th scope="col">${t(w.service)}</th><th scope="col">${t(w.askedAs)}</th><th scope="col">${t(w.entries)}</th><th scope="col">${t(w.suchAs)}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function render(deps: PanelDeps, session: PanelSession, version: string, link: string): string {
  const w = words().settings.consent;
  const t = escapeHtml;
  return `<h3>${t(w.embedded)}</h3>` + servicesTable(deps)
    + `<h3>${t(w.privacy)}</h3>` + formStart(sectionPath('consent'), session.csrf, version)
    + `<label for="c-privacy">${t(w.privacyLink)} <span class="muted">${t(w.privacyHint)}</span></label>`
    + `<input type="text" id="c-privacy" name="privacy_link" value="${esc(link)}" maxlength="500" inputmode="url">`
    + `<p class="muted">${t(w.privacyNote)}</p><button type="submit">${t(w.save)}</button></form>`;
}

export function registerConsentRoutes(router: Router, deps: PanelDeps): void {
  const path = sectionPath('consent');
  const show = (ctx: RequestContext, status: number, session: PanelSession, version: string, link: string, notice: PanelNotice | null) =>
    sendSettingsPage(ctx, status, session, { section: 'consent', body: render(deps, session, version, link), notice });

  router.get(path, (ctx) => {
    const got = settingsGet(ctx, deps);
    if (got) show(ctx, 200, got.session, siteYamlVersion(deps), deps.content.site().consent.privacyLink ?? '', got.notice);
  });

  router.post(path, (ctx) => settingsPost(ctx, deps, path,
    (form, actor) => saveConsent(settingsContext(deps), actor, { privacyLink: formText(form, 'privacy_link', 1000) }, formText(form, 'version', 100)),
    (session, form, status, version, notice) => show(ctx, status, session, version, sentText(form, 'privacy_link', 1000), notice)));
}
