// The version stamps a bulk publish or unpublish acts by. The person chooses rows from the Content list as it
// was drawn, so each row carries the version stamp (content/write/version-stamp.ts) of its listed
// translation's file, and the action passes it to the write action, which refuses inside the entry's lock
// when the file is no longer that text: a row gets exactly what was listed, or nothing and a sentence saying
// why (as an approval carries the stamp of the row it answers). Trash needs none here: its question page
// carries stamps of its own.
import { readTextNoFollow } from '../../lib/no-follow.js';
import { LruCache } from '../../lib/lru.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
import type { Translation } from '../../content/entries/types.js';
import { versionOf } from '../../content/write/version-stamp.js';

/** The name of the list form's input carrying one row's stamp. */
export const SEEN_INPUT = 'seen';

interface Kept {
  mtimeMs: number;
  size: number;
  version: string;
}

/** Rows kept: 100 list pages of 50 (some 150 bytes each). */
const KEPT_ROWS = 5_000;

/**
 * A row's stamp needs its file's whole text, and reading every row's file on every list page is what made
 * the thumbnails cost three quarters of a page (list-thumbs.ts): so a stamp is kept per translation file
 * while the index has the same stamp (time and size) for it. Kept longer than the file's text, a stamp is
 * only ever of a text the index showed: the write action then finds the file changed and leaves it alone,
 * never acts on a text nobody saw.
 */
export class ListStamps {
  private readonly kept = new LruCache<string, Kept>(KEPT_ROWS);

  /** The stamp of the listed translation's file (that of no file when it cannot be read). */
  versionOf(folders: TrustedFolders, listed: Pick<Translation, 'file' | 'mtimeMs' | 'size'>): string {
    const kept = this.kept.get(listed.file);
    if (kept !== undefined && kept.mtimeMs === listed.mtimeMs && kept.size === listed.size) return kept.version;
    let text: string | null = null;
    try { text = readTextNoFollow(folders, listed.file); } catch { /* gone or unreadable: the stamp of no file */ }
    const version = versionOf(text);
    this.kept.set(listed.file, { mtimeMs: listed.mtimeMs, size: listed.size, version });
    return version;
  }
}

/** One row's stamp as the form carries it: `<id> <language> <stamp>` (none of them holds a space). */
export function seenValue(id: string, language: string, version: string): string {
  return `${id} ${language} ${version}`;
}

/** The stamps a posted list form carries for `language`, by entry id. */
export function seenVersions(form: URLSearchParams, language: string): Map<string, string> {
  const seen = new Map<string, string>();
  for (const line of form.getAll(SEEN_INPUT)) {
    const [id = '', lang = '', version = ''] = line.split(' ');
    if (lang === language && id !== '' && version !== '') seen.set(id, version);
  }
  return seen;
}
