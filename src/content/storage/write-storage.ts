// What the write actions (content/write/), the revisions, the history and media uploads read and write,
// named as operations rather than as calls to node:fs: the files on disk in production (file-storage.ts),
// a map in memory for the unit tests of the write rules (memory-storage.ts). Paths are absolute, as the
// store gives them (a translation's `file`, `<data>/revisions/...`).

export interface WriteStorage {
  /** The file's text as UTF-8; throws when there is no such file. */
  readText(path: string): string;
  /** Whether a file or a folder is there. */
  exists(path: string): boolean;
  /**
   * Writes the whole file, making its folders: readers see the old content or the new, never a part (on
   * disk: a temp file in the same folder, fsync, rename).
   */
  writeAtomic(path: string, data: string | Uint8Array, mode?: number): void;
  /** Adds text at the end of a file, making it and its folders; concurrent appends never interleave. */
  append(path: string, text: string, mode?: number): void;
  /** Removes a file; throws when there is none. */
  remove(path: string): void;
  /**
   * Runs `action` while holding the lock at `path`: changes to one entry are serialized, across processes
   * on disk (DESIGN.md section 3). Throws AppError `conflict` when the lock stays taken.
   */
  withLock<T>(path: string, action: () => T): T;
}
