// Cache tags: names for what a public answer shows, sent with it (Surrogate-Key, xkey, Cache-Tag) so that a
// shared cache can forget exactly the answers a change touches (DESIGN.md section 6). The answers name their
// tags here (site/, api/) and the purges turn a change into tags here too (edge/), so both always agree.
//
//   svc                        every public answer (a settings, theme or plugin change purges it)
//   e:<entry id>               the entry's own pages in every language, its media, its /entry answers
//   l:<type>:<lang>            a type's list in a language (home, /recipes, /tag, feeds, /entries)
//   t:<tag>:<lang>             a tag's list of posts (its page, /entries?tag=)
//   tags:<lang>                every tag's list in a language (when which tags a post had is not known)
//   c:<parent id>:<lang>       a page's list of child pages
//   k:<category>               a category's list (/entries?category=)
//   nav:<lang>                 the navigation (top-level pages): on every page in that language
//   sitemap, api:site          the sitemap; the Content API's /site (counts per type)
//   missing                    a 404 page (any entry change may put something at its address)
//
// A list is one tag for all its pages: adding or removing an entry shifts every page after it.
import type { Entry, SiteConfig } from './entries/types.js';

export const SITE_TAG = 'svc';
export const SITEMAP_TAG = 'sitemap';
export const API_SITE_TAG = 'api:site';
/** Pages that are not there (yet): an entry published at an address a cache has a 404 for. */
export const NOT_FOUND_TAG = 'missing';

/** Characters kept as they are; anything else (a space, a comma) is written %XX, so a tag is one token everywhere. */
const UNSAFE = /[^A-Za-z0-9._~:/-]/g;
const safe = (part: string) => part.replace(UNSAFE, (c) => [...Buffer.from(c, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));

export const entryTag = (id: string) => `e:${safe(id)}`;
export const typeListTag = (type: string, language: string) => `l:${safe(type)}:${safe(language)}`;
export const tagListTag = (tag: string, language: string) => `t:${safe(tag)}:${safe(language)}`;
export const allTagListsTag = (language: string) => `tags:${safe(language)}`;
export const childrenTag = (parentId: string, language: string) => `c:${safe(parentId)}:${safe(language)}`;
export const categoryTag = (category: string) => `k:${safe(category)}`;
export const navigationTag = (language: string) => `nav:${safe(language)}`;

/** The tags of an entry's page in one language: itself, the tags it links to, the list it shows. */
export function entryPageTags(site: SiteConfig, entry: Entry, language: string, tags: readonly string[]): string[] {
  const out = [SITE_TAG, navigationTag(language), entryTag(entry.id)];
  const tagFolder = site.types.find((type) => type.key === 'tag')?.folder;
  // A post links its tags by their titles there.
  if (entry.type.key === 'post' && tagFolder !== undefined) for (const tag of tags) out.push(entryTag(`${tagFolder}/${tag}`));
  if (entry.type.key === 'tag') out.push(tagListTag(entry.slug, language), allTagListsTag(language));
  if (entry.type.key === 'page') out.push(childrenTag(entry.id, language));
  return out;
}

/** The tags of a type's list page (the home pages list posts) in a language. */
export function listPageTags(type: string, language: string): string[] {
  return [SITE_TAG, navigationTag(language), typeListTag(type, language)];
}

/**
 * Every tag a change to this entry (as it is now) may have made stale: its own pages, every list it is in
 * in any language, the sitemap and /site. `before`: the tags it had when last seen, if known (a tag taken off
 * a post: that tag's list must go too); unknown, every tag list of its languages goes.
 */
export function tagsToPurgeForEntry(entry: Entry, before: readonly string[] | undefined): Set<string> {
  const out = new Set<string>([entryTag(entry.id), SITEMAP_TAG, API_SITE_TAG, NOT_FOUND_TAG]);
  for (const translation of entry.translations.values()) {
    const language = translation.language;
    out.add(typeListTag(entry.type.key, language));
    if (translation.category !== null) out.add(categoryTag(translation.category));
    if (entry.type.key === 'post') {
      for (const tag of translation.tags) out.add(tagListTag(tag, language));
      if (before === undefined) out.add(allTagListsTag(language));
    }
    if (entry.type.key === 'page') {
      if (entry.parentId !== null) out.add(childrenTag(entry.parentId, language));
      else out.add(navigationTag(language));
    }
    // A tag's title shows on its posts' pages, which name it by entryTag already.
  }
  for (const tag of before ?? []) out.add(tag);
  return out;
}

/** For an entry no longer there and not seen before: what it may have been in, judged from its id alone. */
export function tagsToPurgeForGoneEntry(site: SiteConfig, id: string, languages: readonly string[]): Set<string> {
  const out = new Set<string>([entryTag(id), SITEMAP_TAG, API_SITE_TAG, NOT_FOUND_TAG]);
  const folder = id.split('/')[0];
  const type = site.types.find((candidate) => candidate.folder === folder);
  const codes = languages.length > 0 ? languages : Object.keys(site.languages);
  for (const language of codes) {
    if (type) out.add(typeListTag(type.key, language));
    if (type?.key === 'post') out.add(allTagListsTag(language));
    if (type?.key === 'page') {
      const parts = id.split('/');
      if (parts.length > 2) out.add(childrenTag(parts.slice(0, -1).join('/'), language));
      else out.add(navigationTag(language));
    }
  }
  // Categories are not known from an id: every category list is a Content API answer of its own.
  for (const key of Object.keys(site.categories)) out.add(categoryTag(key));
  return out;
}
