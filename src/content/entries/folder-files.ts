// An entry folder as read by another thread (the first start's reader threads,
// content/list-engine/first-scan-worker.ts), for EntryReader.assemble(): plain data, handed over as JSON.

/** What EntryReader.read() would have found in an entry folder. */
export interface FolderFiles {
  slug: string;
  /** The folder's mtime, taken before its listing; -1 when it is gone, a link, or could not be listed. */
  mtimeMs: number;
  /** The translations and style.css in it, read or not. */
  files: FileFound[];
  /** Links met in it or in its place, warned about once (lib/no-follow.ts). */
  links: string[];
}

/**
 * A translation (`<language>.md`) or style.css: read, with the stamp of the bytes read and the fields
 * buildTranslation reads (or the style's text); or not, with the reason (null for a link) and whether it
 * was meant to be read (then the folder's stamp can never match, so the sweep reads it again).
 */
export type FileFound =
  | { name: string; mtimeMs: number; size: number; fields?: Record<string, unknown>; embeds?: number; style?: string; problem?: undefined }
  | { name: string; mtimeMs: number; size: number; style?: string; problem: string | null; unread: boolean };
