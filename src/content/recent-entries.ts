// The entries someone is working on, looked at several times a second: a pass of the stamp sweep
// (stamp-sweep.ts) over 100,000 entries takes about a second and comes round every couple of seconds, so a
// hand edit would wait that long; the entries with the newest stamps are the ones an editor, a `git pull` or
// another process touched last, and the likeliest to change again. Some 100 entries, 400 lstat calls: a
// millisecond or so each time.
import { sep } from 'node:path';
import { fileStamp, mtimeOf, setStamp } from './file-stamps.js';
import type { SweepSetup } from './stamp-sweep.js';

/** How many of the most recently changed entries are looked at between passes. */
export const RECENT_ENTRIES = 100;
/** How often they are looked at (ms). */
export const RECENT_CHECK_MS = 200;

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
