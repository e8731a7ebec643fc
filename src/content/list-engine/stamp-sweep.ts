// Finds the entry folders that changed on disk by their stamps alone, for the index's freshness
// (index-freshness.ts): no file is opened. Adding, removing or renaming a file moves its folder's mtime (so
// do the atomic writes of this code, git and most tools); writing a file in place moves only the file's
// own. So each pass stats every entry folder and the entry files it holds (`<language>.md`, style.css),
// lists a folder again only when its mtime moved, and lists a type folder only when its own did. Node's
// built-ins only: it runs on the event loop in small slices (index-sweeper.ts).
import { isSlug } from '../entries/entry-id.js';
import { join, sep } from 'node:path';
import { BaselineIds } from './baseline-ids.js';
import { ABSENT, fileStamp, listing, mtimeOf, setStamp, slugFolders, UNKNOWN } from './file-stamps.js';

export interface SweepSetup {
  contentDir: string;
  /** The type folders; `nested` (pages) holds entries in entries, down to `maxDepth` folders below the type folder. */
  folders: ReadonlyArray<{ folder: string; nested: boolean }>;
  maxDepth: number;
  /** The names of the files that make an entry, in a fixed order: `<language>.md` for each language, style.css. */
  files: readonly string[];
}

/**
 * What the index holds, in the sweep's terms: per entry id, its folder's mtime, then mtime and size of each
 * of `files` (-1 for a file it does not have). An id the sweep finds with other stamps, or does not find,
 * is reported changed; so is a folder it finds that the baseline does not name.
 */
export interface SweepBaseline {
  /** The ids as packIds (baseline-ids.ts) packs them. */
  ids: Uint8Array;
  /** The sweep takes both buffers: after its first pass they are given back, and empty. */
  stamps: Float64Array;
}

/** Entry folders at one place: the entries of a type folder, or the child pages of a page. */
interface Level {
  /** Sorted. */
  names: readonly string[];
  /** Per name: the folder's mtime (-1: not known yet, so it is listed and reported). */
  mtimes: Float64Array;
  /** Per name, per file: mtime and size, -1 where there is no such file. */
  stamps: Float64Array;
  /** Per name, the level of its child folders (null: none yet); null for a type folder whose entries hold none. */
  children: Array<Level | null> | null;
}


export class StampSweep {
  private readonly width: number;
  private readonly roots: Array<{ level: Level; mtime: number }>;
  private baseline: BaselineIds | null;
  private baselineStamps: Float64Array | null;
  private changed: string[] = [];
  /** Entry folders the last pass went through (and, before the first pass, those of the baseline). */
  folders: number;
  private counted = 0;

  constructor(private readonly setup: SweepSetup, baseline: SweepBaseline) {
    this.width = 1 + 2 * setup.files.length;
    this.baseline = new BaselineIds(baseline.ids);
    this.folders = this.baseline.size;
    this.baselineStamps = baseline.stamps;
    this.roots = setup.folders.map(() => ({ level: emptyLevel(), mtime: UNKNOWN }));
  }

  /**
   * One pass over every entry folder, yielding every few folders so a caller can stop for a while and
   * resume; its result is the ids of the entry folders changed, added or removed since the last pass
   * (since the baseline, the first time).
   */
  *pass(): Generator<void, string[]> {
    this.changed = [];
    this.counted = 0;
    const { contentDir, folders } = this.setup;
    for (let at = 0; at < folders.length; at++) {
      const { folder, nested } = folders[at]!;
      const root = this.roots[at]!;
      const dir = join(contentDir, folder);
      const mtime = mtimeOf(dir);
      if (mtime !== root.mtime) {
        root.mtime = mtime;
        root.level = this.relisted(root.level, folder, mtime === UNKNOWN ? [] : slugFolders(dir), nested);
      }
      yield* this.checkLevel(root.level, dir, folder, 1, nested);
    }
    this.folders = this.counted;
    if (this.baseline) {
      // Entries of the baseline the first pass did not find are gone; it counts for no later pass.
      this.changed.push(...this.baseline.notFound());
      this.baseline = null;
      this.baselineStamps = null;
    }
    const rest = this.changed;
    this.changed = [];
    return rest;
  }

  /**
   * What the pass under way found so far, taken out of its result: sent at once, a change is read as soon
   * as the pass reaches it rather than when the pass ends (up to a second later at 100,000 entries).
   */
  takeFound(): string[] {
    if (this.changed.length === 0) return [];
    const found = this.changed;
    this.changed = [];
    return found;
  }

  /**
   * The `count` entries with the newest stamps (folder or file mtime) as the last pass saw them, with those
   * stamps (the folder's mtime, then mtime and size per file): the entries someone is working on, which
   * recent-entries.ts looks at far more often than a pass comes round.
   */
  newestEntries(count: number): Array<{ id: string; stamps: Float64Array }> {
    const width = this.width;
    const newest: Array<{ mtime: number; level: Level; at: number; prefix: string }> = [];
    const visit = (level: Level, prefix: string) => {
      for (let at = 0; at < level.names.length; at++) {
        let mtime = level.mtimes[at]!;
        for (let slot = at * width + 1; slot < at * width + width; slot += 2) if (level.stamps[slot]! > mtime) mtime = level.stamps[slot]!;
        if (newest.length < count || mtime > newest[0]!.mtime) {
          // Kept sorted oldest first, so the first is the one a newer entry pushes out.
          let place = newest.length;
          while (place > 0 && newest[place - 1]!.mtime > mtime) place--;
          newest.splice(place, 0, { mtime, level, at, prefix });
          if (newest.length > count) newest.shift();
        }
        const children = level.children?.[at];
        if (children) visit(children, `${prefix}/${level.names[at]}`);
      }
    };
    this.roots.forEach((root, at) => visit(root.level, this.setup.folders[at]!.folder));
    return newest.map(({ level, at, prefix }) => {
      const stamps = new Float64Array(width);
      stamps[0] = level.mtimes[at]!;
      stamps.set(level.stamps.subarray(at * width + 1, at * width + width), 1);
      return { id: `${prefix}/${level.names[at]}`, stamps };
    });
  }

  /** Whether a type folder's mtime moved since the last pass looked (an entry added, removed or renamed). */
  typeFoldersMoved(): boolean {
    const { contentDir, folders } = this.setup;
    return folders.some(({ folder }, at) => mtimeOf(join(contentDir, folder)) !== this.roots[at]!.mtime);
  }

  private *checkLevel(level: Level, dir: string, prefix: string, depth: number, nested: boolean): Generator<void, void> {
    const { files } = this.setup;
    const width = this.width;
    this.counted += level.names.length;
    for (let at = 0; at < level.names.length; at++) {
      if ((at & 63) === 63) yield;
      const name = level.names[at]!;
      const id = `${prefix}/${name}`;
      const folder = dir + sep + name;
      const mtime = mtimeOf(folder);
      const base = at * width;
      let changed = false;
      if (mtime !== level.mtimes[at]) {
        // Listed again: which entry files it has now, and (pages) which child folders.
        level.mtimes[at] = mtime;
        const present = new Set<string>();
        const children: string[] = [];
        if (mtime !== UNKNOWN) for (const item of listing(folder)) (item.isDirectory() ? isSlug(item.name) && children.push(item.name) : present.add(item.name));
        for (let file = 0; file < files.length; file++) {
          const stamp = present.has(files[file]!) ? fileStamp(folder + sep + files[file]!) : ABSENT;
          changed = setStamp(level.stamps, base + 1 + 2 * file, stamp) || changed;
        }
        if (mtime === UNKNOWN) changed = true;
        if (nested && level.children !== null && depth < this.setup.maxDepth) level.children[at] = this.relisted(level.children[at] ?? emptyLevel(), id, children.sort(), true);
      } else {
        for (let file = 0; file < files.length; file++) {
          const slot = base + 1 + 2 * file;
          if (level.stamps[slot] === UNKNOWN) continue;
          changed = setStamp(level.stamps, slot, fileStamp(folder + sep + files[file]!)) || changed;
        }
      }
      if (changed) this.changed.push(id);
      const children = level.children?.[at];
      if (children && mtime !== UNKNOWN) yield* this.checkLevel(children, folder, id, depth + 1, nested);
    }
  }

  /**
   * The level with `names` (sorted): the stamps of names it had are kept, names new to it take the
   * baseline's stamps (or none: they are reported), names gone are reported with their children. A
   * `nested` folder from the baseline is listed all the same (the baseline does not name its children).
   */
  private relisted(old: Level, prefix: string, names: string[], nested: boolean): Level {
    const width = this.width;
    // Only pages hold entries in entries: a type folder of posts keeps no slot per entry for children.
    const level: Level = {
      names, mtimes: new Float64Array(names.length).fill(UNKNOWN), stamps: new Float64Array(names.length * width).fill(NaN),
      children: nested ? new Array<Level | null>(names.length).fill(null) : null,
    };
    let from = 0;
    for (let at = 0; at < names.length; at++) {
      const name = names[at]!;
      while (from < old.names.length && old.names[from]! < name) this.reportGone(old, from++, prefix);
      if (from < old.names.length && old.names[from]! === name) {
        level.mtimes[at] = old.mtimes[from]!;
        level.stamps.set(old.stamps.subarray(from * width, from * width + width).subarray(1), at * width + 1);
        if (level.children !== null) level.children[at] = old.children?.[from] ?? null;
        from++;
        continue;
      }
      const known = this.baseline?.find(`${prefix}/${name}`) ?? -1;
      if (known >= 0) {
        level.mtimes[at] = nested ? UNKNOWN : this.baselineStamps![known * width]!;
        level.stamps.set(this.baselineStamps!.subarray(known * width + 1, known * width + width), at * width + 1);
      }
    }
    while (from < old.names.length) this.reportGone(old, from++, prefix);
    return level;
  }

  private reportGone(level: Level, at: number, prefix: string): void {
    const id = `${prefix}/${level.names[at]}`;
    this.changed.push(id);
    const children = level.children?.[at];
    if (children) for (let child = 0; child < children.names.length; child++) this.reportGone(children, child, id);
  }
}

function emptyLevel(): Level {
  return { names: [], mtimes: new Float64Array(0), stamps: new Float64Array(0), children: null };
}

/** How long to wait after a pass that took `passMs` before the next. */
export function pauseAfterPass(passMs: number): number {
  // Only the process that records changes found on disk sweeps (content-changes.ts), and what it must find
  // quickly it is told of by the kernel: entries added, removed or renamed (a watch per type folder) and
  // edits to the newest entries (a watch per entry folder, recent-entries.ts). The pass is for the rest,
  // edits in place to older entries: paced to some 0.5 % of a core (a pause of 200 passes), at least five
  // seconds apart (on a small site every entry is watched anyway), and a whole cycle within MAX_CYCLE_MS
  // however long a pass takes (a second or more at 100,000 entries).
  return Math.max(MIN_PAUSE_MS, Math.min(passMs * 200, MAX_CYCLE_MS - passMs));
}

/**
 * How long the media folders' part of a pass (media-sweep.ts) may take after the entries' part took
 * `entriesMs`: what keeps a whole pass under 0.9 % of a core where the cycle's cap sets the pause, or a
 * small slice where the entries alone take that. A site with a media folder for each of 100,000 entries
 * (two pictures each) takes some 2 s more for them, and 3.7 s a pass is 1.4 % of a core at one pass each
 * 270 s: its media pass is spread over a few of the entries' passes instead, so older entries' pictures are
 * looked at every few cycles while their texts keep the five minutes.
 */
export function mediaShareMs(entriesMs: number): number {
  return Math.max(MIN_MEDIA_SHARE_MS, MAX_CYCLE_MS * 0.009 - entriesMs);
}

/** A change of an older entry shows within five minutes at 100,000 entries: a pass and its pause at most. */
const MAX_CYCLE_MS = 270_000;
const MIN_MEDIA_SHARE_MS = 100;
const MIN_PAUSE_MS = 5_000;
