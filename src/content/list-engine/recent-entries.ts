// The entries someone is working on: the entries with the newest stamps are the ones an editor, a `git pull`
// or another process touched last, and the likeliest to change again. An edit to one of them shows within
// two seconds at any size. Where the kernel tells of changes (inotify, FSEvents) their folders are watched
// (content-watch.ts watchEntries); on a network file system, where no watch sees another machine's writes,
// they are looked at here, every RECENT_CHECK_MS: some 4,000 lstat calls.
import { sep } from 'node:path';
import { fileStamp, mtimeOf, setStamp } from './file-stamps.js';
import type { SweepSetup } from './stamp-sweep.js';

/** How many of the most recently changed entries are watched or looked at between passes. */
export const RECENT_ENTRIES = 1_000;
/** How often they are looked at where they cannot be watched (ms). */
export const RECENT_CHECK_MS = 1_500;

interface Watched { id: string; path: string; stamps: Float64Array }

export class RecentEntries {
  private watched: Watched[] = [];

  constructor(private readonly setup: SweepSetup) {}

  /** The entries to look at from now on, each with its stamps as the sweep last saw them. */
  watch(entries: ReadonlyArray<{ id: string; stamps: Float64Array }>): void {
    this.watched = entries.map(({ id, stamps }) => ({ id, path: this.setup.contentDir + sep + id.split('/').join(sep), stamps }));
  }

  /** The ids of the watched entries whose folder or files changed since they were last looked at. */
  check(): string[] {
    const { files } = this.setup;
    const changed: string[] = [];
    for (const entry of this.watched) {
      const { stamps, path } = entry;
      const mtime = mtimeOf(path);
      let moved = stamps[0] !== mtime;
      stamps[0] = mtime;
      for (let file = 0; file < files.length; file++) moved = setStamp(stamps, 1 + 2 * file, fileStamp(path + sep + files[file]!)) || moved;
      if (moved) changed.push(entry.id);
    }
    return changed;
  }
}
