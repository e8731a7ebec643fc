import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { RESERVED_FOLDERS } from '../settings/site-config.js';
import { pathPrefixOf } from '../entries/path-prefix.js';
import { translationPath } from '../entries/translation.js';
import type { ContentType, Entry } from '../entries/types.js';
import { storageOf } from './write-context.js';
import type { ContentView, WriteContext } from './write-context.js';

// Choosing the folder name (slug) of a new entry. Posts and top-level pages share the site's root URLs
// (D3: /<slug>), so a slug is taken when either folder has it; language codes, type folders and the
// service's own paths are never free there.

const MAX_SLUG = 60;

/** Lowercase ASCII words joined by dashes; accents dropped (Über -> uber); `entry` when nothing is left. */
export function slugifyTitle(title: string): string {
  let slug = '';
  let dash = false;
  for (const ch of title.normalize('NFKD')) {
    const code = ch.toLowerCase().codePointAt(0)!;
    if (code >= 0x300 && code <= 0x36f) continue;
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) {
      if (dash && slug.length > 0) slug += '-';
      slug += String.fromCodePoint(code);
      dash = false;
    } else {
      dash = true;
    }
  }
  slug = slug.slice(0, MAX_SLUG);
  while (slug.endsWith('-')) slug = slug.slice(0, -1);
  return slug === '' ? 'entry' : slug;
}

function isTaken(context: WriteContext, type: ContentType, parentSegments: string[] | null, slug: string): boolean {
  const { store } = context;
  const storage = storageOf(context);
  const site = store.site();
  const base = parentSegments ? join(store.contentDir, ...parentSegments) : join(store.contentDir, type.folder);
  if (storage.exists(join(base, slug))) return true;
  const atRoot = parentSegments === null && (type.key === 'post' || type.key === 'page');
  if (!atRoot) return false;
  if (RESERVED_FOLDERS.has(slug) || slug === 'stats' || Object.hasOwn(site.languages, slug)) return true;
  if (site.types.some((other) => other.folder === slug)) return true;
  const sibling = type.key === 'post' ? 'pages' : 'posts';
  return storage.exists(join(store.contentDir, sibling, slug));
}

/** `slug`, else `slug-2`, `slug-3`... Call while holding the type's creation lock. */
export function chooseFreeSlug(context: WriteContext, type: ContentType, parentSegments: string[] | null, wanted: string): string {
  if (!isTaken(context, type, parentSegments, wanted)) return wanted;
  const stem = wanted.slice(0, MAX_SLUG - 5);
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${stem}-${n}`;
    if (!isTaken(context, type, parentSegments, candidate)) return candidate;
  }
  throw new AppError('conflict', 'Too many entries share this name; give a different slug in fields.');
}

/**
 * A translation's own `slug` changes the last segment of its address (D3). Refused when another entry's
 * translation already has that address (any status: a draft takes it when published), or when a root-level
 * address would shadow the service's own paths, a language or a type folder.
 */
export function checkTranslationSlug(store: ContentView, entry: Entry, language: string, slug: string): void {
  const site = store.site();
  const segments = entry.id.split('/').slice(1);
  segments[segments.length - 1] = slug;
  const path = translationPath(site, language, pathPrefixOf(entry.type), segments);
  const atRoot = segments.length === 1 && (entry.type.key === 'post' || entry.type.key === 'page');
  if (atRoot && (RESERVED_FOLDERS.has(slug) || slug === 'stats' || Object.hasOwn(site.languages, slug) || site.types.some((type) => type.folder === slug))) {
    throw new AppError('conflict', `The slug ${slug} is reserved (the service's own addresses, a language or a content type use it); choose another.`);
  }
  for (const other of store.entries()) {
    if (other.id === entry.id) continue;
    for (const translation of other.translations.values()) {
      if (translation.path === path) throw new AppError('conflict', `The address ${path} is already used by ${other.id}; choose another slug.`);
    }
  }
}
