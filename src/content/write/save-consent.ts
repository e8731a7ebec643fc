// Consent from the panel (settings.manage): the privacy policy the consent banner links to, site.yaml
// `consent.privacy_link`. Which services need consent is not a setting: the banner offers exactly those the
// content embeds (stats/consent-banner.ts), so it can never claim less than the pages load.
import { linkProblem } from '../settings/site-links.js';
import { editSiteYaml, invalidSetting, requireSettingsRight } from './site-yaml-edit.js';
import type { Actor, WriteContext } from './write-context.js';

/** Saves the privacy link ('' removes it); `expectedVersion` is the version of site.yaml the form was filled from. */
export function saveConsent(context: WriteContext, actor: Actor, input: { privacyLink: string }, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  const link = input.privacyLink.trim();
  const problem = link === '' ? null : linkProblem(link);
  if (problem !== null) throw invalidSetting(`The privacy policy's link "${link.slice(0, 60)}" ${problem}. Nothing was saved.`);
  return editSiteYaml(context, actor, expectedVersion, ({ document, site }) => {
    if ((site.consent.privacyLink ?? '') === link) return [];
    if (link === '') {
      document.deleteIn(['consent', 'privacy_link']);
      const rest = document.get('consent');
      if (rest && typeof rest === 'object' && 'items' in rest && (rest as { items: unknown[] }).items.length === 0) document.delete('consent');
    } else {
      document.setIn(['consent', 'privacy_link'], link);
    }
    return ['the privacy policy link'];
  });
}
