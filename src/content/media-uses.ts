// Where a media file is used (before it is deleted, the panel says so): in a translation's text, in a card
// of it, as its cover or in another field, or in an entry's style.css. Any entry may use any entry's media,
// so every entry is looked at; the reference is the exact text media_upload gives (`media/<id>/<name>`).
import type { Entry } from './entries/types.js';

export interface MediaUse {
  entry: string;
  /** The translation's language, or null for style.css. */
  language: string | null;
  title: string;
  /** `the text`, `a card`, `the cover`, `the field "x"` or `style.css`. */
  where: string;
}

/** Whether `line` opens a card or sets one of its settings (`::: image src="..."`, `src="..."`). */
function isCardLine(line: string): boolean {
  const trimmed = line.trimStart();
  return trimmed.startsWith(':::') || /^[a-z][a-z0-9_-]*="/i.test(trimmed);
}

function fieldHolds(value: unknown, reference: string): boolean {
  if (typeof value === 'string') return value.includes(reference);
  if (Array.isArray(value)) return value.some((item) => fieldHolds(item, reference));
  if (value && typeof value === 'object') return Object.values(value).some((item) => fieldHolds(item, reference));
  return false;
}

/** The uses of `reference` in `entries` (media of `except`, the entry going with its media, left out). */
export function mediaUses(entries: Iterable<Entry>, reference: string, except?: string): MediaUse[] {
  const uses: MediaUse[] = [];
  for (const entry of entries) {
    if (entry.id === except) continue;
    for (const translation of entry.translations.values()) {
      const at = { entry: entry.id, language: translation.language, title: translation.title };
      if (translation.body.includes(reference)) {
        const lines = translation.body.split('\n').filter((line) => line.includes(reference));
        if (lines.some((line) => !isCardLine(line))) uses.push({ ...at, where: 'the text' });
        if (lines.some(isCardLine)) uses.push({ ...at, where: 'a card' });
      }
      for (const [key, value] of Object.entries(translation.fields)) {
        if (fieldHolds(value, reference)) uses.push({ ...at, where: key === 'cover' ? 'the cover' : `the field "${key}"` });
      }
    }
    if (entry.style.includes(reference)) {
      const first = entry.translations.values().next().value;
      uses.push({ entry: entry.id, language: null, title: first?.title ?? entry.id, where: 'style.css' });
    }
  }
  return uses;
}

/**
 * The uses of several references at once (a page of the media library): one look at every entry keeps only
 * those that mention any media at all, and only those are searched for each reference.
 */
export function mediaUsesOf(entries: Iterable<Entry>, references: readonly string[]): Map<string, MediaUse[]> {
  const mentions: Entry[] = [];
  for (const entry of entries) {
    if (entry.style.includes('media/') || [...entry.translations.values()].some((t) => t.body.includes('media/') || fieldHolds(t.fields, 'media/'))) mentions.push(entry);
  }
  return new Map(references.map((reference) => [reference, mediaUses(mentions, reference)]));
}
