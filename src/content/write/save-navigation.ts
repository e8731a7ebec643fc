// The site's navigation from the panel (settings.manage): per language, either its top-level published pages
// (the default, kept up to date by itself) or a menu of its own, `navigation.<lang>` in site.yaml. Each link
// is a path on the site or an http(s), mailto: or tel: address (content/settings/site-links.ts); written
// through site-yaml-edit.ts (comments and order kept, checked, atomic, versioned).
import type { NavigationLink } from '../entries/types.js';
import { linkProblem, MAX_NAVIGATION_LINKS, MAX_NAVIGATION_TITLE } from '../settings/site-links.js';
import { checkLabel, editSiteYaml, invalidSetting, requireSettingsRight } from './site-yaml-edit.js';
import type { Actor, WriteContext } from './write-context.js';

/** Per language: its own links, or null for its top-level pages. */
export type NavigationInput = Record<string, NavigationLink[] | null>;

function checkLinks(language: string, links: readonly NavigationLink[]): NavigationLink[] {
  if (links.length > MAX_NAVIGATION_LINKS) throw invalidSetting(`A menu has at most ${MAX_NAVIGATION_LINKS} links (${language} has ${links.length}). Nothing was saved.`);
  return links.map((item) => {
    const title = checkLabel(`a link of the ${language} menu`, item.title, MAX_NAVIGATION_TITLE);
    const link = item.link.trim();
    const problem = linkProblem(link);
    if (problem !== null) throw invalidSetting(`The link "${link.slice(0, 60)}" (${title}) ${problem}. Nothing was saved.`);
    return { title, link };
  });
}

/** Saves the navigation; `expectedVersion` is the version of site.yaml the form was filled from. */
export function saveNavigation(context: WriteContext, actor: Actor, input: NavigationInput, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  return editSiteYaml(context, actor, expectedVersion, ({ document, before, site }) => {
    const checked: Record<string, NavigationLink[] | null> = {};
    for (const [language, links] of Object.entries(input)) {
      if (!Object.hasOwn(site.languages, language)) throw invalidSetting(`The site has no language "${language.slice(0, 20)}" (its languages are ${Object.keys(site.languages).join(', ')}); reload the page. Nothing was saved.`);
      checked[language] = links === null ? null : checkLinks(language, links);
    }
    const raw = (before.navigation ?? {}) as Record<string, unknown>;
    const changed: string[] = [];
    for (const [language, links] of Object.entries(checked)) {
      if (links === null) {
        if (raw[language] === undefined) continue;
        document.deleteIn(['navigation', language]);
      } else {
        if (JSON.stringify(site.navigation[language] ?? null) === JSON.stringify(links)) continue;
        document.setIn(['navigation', language], links);
      }
      changed.push(`the ${language} navigation`);
    }
    // No language left with a menu of its own: the key goes, so the file reads as before any menu was made.
    const left = Object.keys(site.languages).some((language) => (checked[language] === undefined ? raw[language] !== undefined : checked[language] !== null));
    if (!left && document.has('navigation')) document.delete('navigation');
    return changed;
  });
}
