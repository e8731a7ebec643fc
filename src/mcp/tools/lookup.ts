// Turning tool arguments into store objects, with the spec's sentences for unknown values: each names the
// tool that lists the valid ones. Shared by the reading and the writing tools.
import { AppError } from '../../errors.js';
import type { ContentStore } from '../../content/store.js';
import { parseEntryId } from '../../content/entries/entry-id.js';
import type { ContentType, Entry } from '../../content/entries/types.js';

/** The language code, or the site's default language when none is given. */
export function resolveLanguage(store: ContentStore, language: string | undefined): string {
  const site = store.site();
  if (language === undefined) return site.defaultLanguage;
  if (Object.hasOwn(site.languages, language)) return language;
  throw new AppError('not_found', `The site has no language "${printable(language)}". Call site_info to see its languages (${Object.keys(site.languages).join(', ')}).`);
}

/** The content type by key (post by default). */
export function resolveType(store: ContentStore, type: string | undefined): ContentType {
  const key = type ?? 'post';
  const found = store.typeByKey(key);
  if (found) return found;
  throw new AppError('not_found', `The site has no content type "${printable(key)}". Call site_info to see its content types (${store.site().types.map((t) => t.key).join(', ')}).`);
}

/** The entry with this id; malformed and unknown ids are refused with a pointer to content_list. */
export function resolveEntry(store: ContentStore, id: string): Entry {
  try {
    parseEntryId(id);
  } catch (error) {
    const reason = error instanceof AppError ? error.message : 'The id is not valid.';
    throw new AppError('invalid_params', `${reason} Call content_list to see the entries' ids.`);
  }
  const entry = store.entry(id);
  if (!entry) throw unknownEntry(id);
  return entry;
}

export function unknownEntry(id: string): AppError {
  return new AppError('not_found', `There is no entry with the id "${printable(id)}". Call content_list to see the entries' ids.`);
}

function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 80 ? `${clean.slice(0, 80)}…` : clean;
}
