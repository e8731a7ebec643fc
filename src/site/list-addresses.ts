// Where the lists of the public site are (D3 gives entries their addresses; these are the lists of them):
// the home page per language, `/tag` for the tags and `/<folder>` for a custom type, each in every language.
import { pathPrefixOf } from '../content/entries/path-prefix.js';
import type { ContentType, SiteConfig } from '../content/entries/types.js';

/** The address of a list in a language: `/<prefix>` in the default language, `/<lang>/<prefix>` in the others. */
export function listInLanguage(site: SiteConfig, language: string, prefix: string): string {
  const languagePart = language === site.defaultLanguage ? '' : `/${language}`;
  return prefix === '' ? languagePart || '/' : `${languagePart}${prefix}`;
}

/** The same list in every language of the site, in site.yaml's order (each language has its lists, empty or not). */
export function listInEveryLanguage(site: SiteConfig, prefix: string): Record<string, string> {
  const alternates: Record<string, string> = {};
  for (const code of Object.keys(site.languages)) alternates[code] = listInLanguage(site, code, prefix);
  return alternates;
}

/**
 * The types with a list page of their own, at the prefix of their addresses: tags at `/tag`, a custom type
 * at `/<folder>`. Posts are listed on the home page, pages by their parent and in the navigation.
 */
export function listedTypes(site: SiteConfig): ContentType[] {
  return site.types.filter((type) => type.key !== 'post' && type.key !== 'page');
}

/** The prefixes of every list: '' for the home page, then each listed type's. */
export function listPrefixes(site: SiteConfig): string[] {
  return ['', ...listedTypes(site).map(pathPrefixOf)];
}

/** The listed type whose list is at this address, and the language of the address. */
export function listedTypeAt(site: SiteConfig, path: string): { type: ContentType; language: string } | undefined {
  let language = site.defaultLanguage;
  let rest = path;
  const second = path.indexOf('/', 1);
  if (second > 0) {
    const code = path.slice(1, second);
    if (code === site.defaultLanguage || !Object.hasOwn(site.languages, code)) return undefined;
    language = code;
    rest = path.slice(second);
  }
  const type = listedTypes(site).find((candidate) => pathPrefixOf(candidate) === rest);
  return type ? { type, language } : undefined;
}
