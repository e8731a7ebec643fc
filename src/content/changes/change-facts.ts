// What the change feed says of a change to one entry, taken from the entry as the index had it before and
// after: which translations changed, the public paths it shows at now and those it no longer shows at; and
// which kind of event a write is.
import type { ChangeKind, ChangeVia, MediaChangeHow, PublicView } from '../../feed/change-event.js';
import type { Entry } from '../entries/types.js';

interface TranslationFacts { path: string; status: string; mtimeMs: number; size: number }

/** An entry as far as the feed cares: per language its path, status and file stamps; its style's stamps. */
export interface EntryFacts {
  exists: boolean;
  translations: Map<string, TranslationFacts>;
  style: string;
}

export function entryFacts(entry: Entry | undefined): EntryFacts {
  const translations = new Map<string, TranslationFacts>();
  if (entry) {
    for (const [language, { path, status, mtimeMs, size }] of entry.translations) translations.set(language, { path, status, mtimeMs, size });
  }
  return { exists: entry !== undefined, translations, style: entry ? `${entry.styleMtimeMs}:${entry.styleSize}` : '' };
}

export interface FactsChange {
  /** Changed, added or removed translations (none for a change of the style alone). */
  languages: string[];
  /** Where the entry shows now. */
  paths: string[];
  /** Where it showed and no longer does. */
  before: string[];
}

/** What differs between two facts, or null when nothing the feed records does. */
export function factsChange(before: EntryFacts, after: EntryFacts): FactsChange | null {
  const languages: string[] = [];
  for (const language of new Set([...before.translations.keys(), ...after.translations.keys()])) {
    const a = before.translations.get(language);
    const b = after.translations.get(language);
    if (!a || !b || a.path !== b.path || a.status !== b.status || a.mtimeMs !== b.mtimeMs || a.size !== b.size) languages.push(language);
  }
  if (languages.length === 0 && before.style === after.style && before.exists === after.exists) return null;
  const paths = [...after.translations.values()].map((translation) => translation.path).sort();
  const now = new Set(paths);
  const gone = [...before.translations.values()].map((translation) => translation.path).filter((path) => !now.has(path)).sort();
  return { languages: languages.sort(), paths, before: gone };
}

/**
 * What anyone may see of a change to `languages` of an entry (change-event.ts PublicView), or null when it
 * touched nothing public: a translation that is a draft before and after leaves no trace, nor do its paths.
 * A change to the entry as a whole (no language: its style, its media) shows where the entry is public.
 */
export function publicView(before: EntryFacts, after: EntryFacts, languages: readonly string[]): PublicView | null {
  const wasPublic = (facts: EntryFacts, language: string) => facts.translations.get(language)?.status === 'published';
  const publicPaths = (facts: EntryFacts) => [...facts.translations.values()].filter((translation) => translation.status === 'published').map((translation) => translation.path).sort();
  const now = publicPaths(after);
  const then = publicPaths(before);
  const gone = then.filter((path) => !now.includes(path));
  const shownLanguages = languages.filter((language) => wasPublic(before, language) || wasPublic(after, language));
  const wholeEntry = languages.length === 0 && (now.length > 0 || then.length > 0);
  if (shownLanguages.length === 0 && gone.length === 0 && !wholeEntry) return null;
  return { languages: shownLanguages, paths: now, before: gone };
}

const KIND_OF_ACTION: Record<string, ChangeKind> = {
  create: 'entry.created', update: 'entry.updated', add_translation: 'entry.updated', request_review: 'entry.updated',
  send_back: 'entry.updated', style: 'entry.style', publish: 'entry.published', approve: 'entry.published',
  schedule: 'entry.scheduled', unpublish: 'entry.unpublished', media_upload: 'entry.media', approval_mode: 'site.changed', settings: 'site.changed',
  // The panel's trash: an entry deleted or restored is gone or there again, as one found on disk would be.
  delete: 'entry.removed', restore_deleted: 'entry.added', delete_translation: 'entry.updated', restore_deleted_translation: 'entry.updated',
  delete_media: 'entry.media', restore_deleted_media: 'entry.media',
  // The media library: a picture replaced at its address, or its alt text (which the cover shows) changed.
  media_replace: 'entry.media', media_alt: 'entry.media',
};

/** How a write changed an entry's media (change-event.ts MediaChangeHow), by its first history line's action. */
const MEDIA_OF_ACTION: Record<string, MediaChangeHow> = {
  media_upload: 'added', restore_deleted_media: 'added', delete_media: 'removed', media_replace: 'changed', media_alt: 'changed',
};

/** How a write of `entry.media` changed the media, from the first history line it wrote. */
export function mediaOfWrite(first: { action: string }): MediaChangeHow {
  return MEDIA_OF_ACTION[first.action] ?? 'changed';
}

/** The kind of event a write is recorded as, from the first history line it wrote. */
export function kindOfWrite(first: { action: string; via: ChangeVia; language: string | null; detail?: string }): ChangeKind {
  if (first.via === 'schedule') return 'entry.due';
  if (first.action === 'approve' && first.detail?.startsWith('scheduled')) return 'entry.scheduled';
  // A restored revision is a text's (with its language) or the style's (without).
  if (first.action === 'restore') return first.language === null ? 'entry.style' : 'entry.updated';
  return KIND_OF_ACTION[first.action] ?? 'entry.updated';
}
