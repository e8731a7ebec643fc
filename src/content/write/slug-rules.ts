import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { SITE_ADDRESSES } from '../settings/site-addresses.js';
import { pathPrefixOf } from '../entries/path-prefix.js';
import { slugged, translationPath } from '../entries/translation.js';
import type { ContentType, Entry, SiteConfig } from '../entries/types.js';
import { storageOf } from './write-context.js';
import type { ContentView, WriteContext } from './write-context.js';

// Slugs and the addresses they give. Posts and top-level pages share the site's root URLs (D3: /<slug>), so
// a slug is taken when either folder has it; language codes, type folders and the site's own addresses
// are never free there. A translation's own `slug` field moves its address away from its folder's name,
// so a folder name that is free can still be another entry's address: every check asks the index which
// translation is at the address (store.atPath), not only which folders exist.

const MAX_SLUG = 60;
const AGAIN = 'choose another one, or leave it empty for a free one.';

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

/** Why `slug` cannot end a root-level address (a post's or a top-level page's), or null when it can. */
export function reservedReason(site: SiteConfig, slug: string): string | null {
  const own = SITE_ADDRESSES.get(slug);
  if (own !== undefined) return own;
  if (Object.hasOwn(site.languages, slug)) return `/${slug} is the home page of the ${site.languages[slug]} pages`;
  const type = site.types.find((other) => other.folder === slug);
  return type ? `/${slug} lists the ${type.label}` : null;
}

type Taken = { by: 'reserved'; reason: string } | { by: 'folder' } | { by: 'address'; path: string; owner: string };

/** What keeps a new entry from the folder `slug` (and its address in `language`), or null when it is free. */
function takenBy(context: WriteContext, type: ContentType, parentSegments: string[] | null, language: string, slug: string): Taken | null {
  const { store } = context;
  const storage = storageOf(context);
  const site = store.site();
  const atRoot = parentSegments === null && (type.key === 'post' || type.key === 'page');
  const reason = atRoot ? reservedReason(site, slug) : null;
  if (reason !== null) return { by: 'reserved', reason };
  const base = parentSegments ? join(store.contentDir, ...parentSegments) : join(store.contentDir, type.folder);
  if (storage.exists(join(base, slug))) return { by: 'folder' };
  if (atRoot && storage.exists(join(store.contentDir, type.key === 'post' ? 'pages' : 'posts', slug))) return { by: 'folder' };
  // Another entry's translation may sit at this address through its own slug field (any status: a draft takes it when published).
  const path = translationPath(site, language, pathPrefixOf(type), [...(parentSegments?.slice(1) ?? []), slug]);
  const found = store.atPath(path);
  return found ? { by: 'address', path, owner: found.entry.id } : null;
}

/** `slug`, else `slug-2`, `slug-3`...: the first whose folder and address in `language` are free. Call while holding the type's creation lock. */
export function chooseFreeSlug(context: WriteContext, type: ContentType, parentSegments: string[] | null, language: string, wanted: string): string {
  if (!takenBy(context, type, parentSegments, language, wanted)) return wanted;
  const stem = wanted.slice(0, MAX_SLUG - 5);
  for (let n = 2; n < 10_000; n++) {
    const candidate = `${stem}-${n}`;
    if (!takenBy(context, type, parentSegments, language, candidate)) return candidate;
  }
  throw new AppError('conflict', 'Too many entries share this name; give a different slug in fields.');
}

/** A slug a person typed (the panel's new entry) is theirs or refused, never renumbered: conflict, saying why. */
export function refuseTakenSlug(context: WriteContext, type: ContentType, parentSegments: string[] | null, language: string, slug: string): void {
  const taken = takenBy(context, type, parentSegments, language, slug);
  if (!taken) return;
  if (taken.by === 'reserved') throw new AppError('conflict', `The slug "${slug}" is reserved: ${taken.reason}; ${AGAIN}`);
  if (taken.by === 'address') throw new AppError('conflict', `The slug "${slug}" is taken: ${taken.path} is the address of ${taken.owner}; ${AGAIN}`);
  throw new AppError('conflict', `The slug "${slug}" is taken; ${AGAIN}`);
}

/** A translation's own slug as the index reads it (translation.ts slugged): a valid one, else null (its folder's name). */
export function ownSlugOf(fields: Record<string, unknown>): string | null {
  const applied = slugged([''], fields.slug)[0]!;
  return applied === '' ? null : applied;
}

/** The public path of `entry`'s `language` translation with its own `slug` (null: none, its folder's name). */
export function addressWith(site: SiteConfig, entry: Entry, language: string, slug: string | null): string {
  return translationPath(site, language, pathPrefixOf(entry.type), slugged(entry.id.split('/').slice(1), slug));
}

/** The other entry the index has at that address (whatever its status), or null. */
export function addressOwner(store: ContentView, entry: Entry, language: string, slug: string | null): { path: string; owner: string } | null {
  const path = addressWith(store.site(), entry, language, slug);
  const found = store.atPath(path);
  return found && found.entry.id !== entry.id ? { path, owner: found.entry.id } : null;
}

/**
 * A translation's own `slug` changes the last segment of its address (D3), and removing it brings back its
 * folder's name. Refused (conflict) when another entry's translation already has the address it would get
 * (any status: a draft takes it when published), or when a root-level address would shadow the site's own
 * addresses, a language or a type folder. `slug` null: the translation has none (its folder's name).
 */
export function checkTranslationAddress(store: ContentView, entry: Entry, language: string, slug: string | null): void {
  const site = store.site();
  const segments = entry.id.split('/').slice(1);
  const last = slug ?? segments[segments.length - 1]!;
  const atRoot = segments.length === 1 && (entry.type.key === 'post' || entry.type.key === 'page');
  const reason = atRoot ? reservedReason(site, last) : null;
  if (reason !== null) {
    throw new AppError('conflict', slug === null
      ? `Without a slug of its own, the ${language} translation of ${entry.id} would be at ${addressWith(site, entry, language, null)}, which is reserved: ${reason}; give it a slug.`
      : `The slug ${slug} is reserved: ${reason}; choose another.`);
  }
  const taken = addressOwner(store, entry, language, slug);
  if (!taken) return;
  throw new AppError('conflict', slug === null
    ? `Without a slug of its own, the ${language} translation of ${entry.id} would be at ${taken.path}, which ${taken.owner} already uses; give it a slug, or change that entry's first.`
    : `The address ${taken.path} is already used by ${taken.owner}; choose another slug.`);
}

/**
 * The check of an edit of the translation's front matter from `before` to `after`: when its address moves
 * (a slug set, changed or removed), the new one must be free (checkTranslationAddress).
 */
export function checkAddressChange(store: ContentView, entry: Entry, language: string, before: Record<string, unknown>, after: Record<string, unknown>): void {
  const site = store.site();
  const slug = ownSlugOf(after);
  if (addressWith(site, entry, language, slug) !== addressWith(site, entry, language, ownSlugOf(before))) checkTranslationAddress(store, entry, language, slug);
}
