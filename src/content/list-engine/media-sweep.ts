// Finds the media files changed by hand (an editor, `cp`, rsync, SFTP) by their stamps, as stamp-sweep.ts
// finds entry files: `content/media/<entry id>/` holds an entry's pictures, which no index holds and which
// answers show (a cover's size and srcset, the picture at its address). A file added, removed or renamed
// moves its folder's mtime; one written in place (`cp` over it, an SFTP upload) moves only its own, so each
// pass stats every media folder and every file in it, and lists a folder again only when its mtime moved.
// A site without media folders costs a stat per type folder.
//
// What it knows is kept for the next start (media-stamps-file.ts, after each whole pass that found
// anything new): a sweep that starts from it reports what changed while no svc process ran, folders new
// since included. Without it (a first start, a damaged file) a folder first looked at is taken as it is,
// and from then on every difference in it is a change, with the names of the files and how each changed;
// after the first whole pass a folder new to it is a change too. A pass may be spread over several of the
// entries' passes (index-sweeper.ts), so a folder known is reported from its first look on, not only once
// the whole first pass is done. Only the process that records changes found on disk runs it.
import { isSlug } from '../entries/entry-id.js';
import { sep } from 'node:path';
import { isTempFileName } from '../../lib/atomic-write.js';
import { ABSENT, fileStamp, listing, mtimeOf, setStamp, slugFolders, UNKNOWN } from './file-stamps.js';
import type { SweepSetup } from './stamp-sweep.js';
import type { MediaChange } from '../changes/change-seams.js';

/** content/media-alt.ts ALT_FILE (list-engine/ imports nothing of content/'s top): the alt texts a cover shows. */
export const ALT_TEXTS = '.alt.yaml';

/** One media folder as last seen: its mtime, its files (sorted) with mtime and size each, its child folders (pages). */
interface Folder { mtime: number; names: string[]; stamps: Float64Array; children: string[] }

/** What a sweep knows of every media folder, by id (entry id), as kept between starts. */
export type KnownMedia = Map<string, Folder>;
/** The same, to be read only (kept in a file). */
export type KeptMedia = ReadonlyMap<string, Readonly<Folder>>;

const NO_STAMPS = new Float64Array(0);

/** The files of a media folder that anything shows: not dot files (but the alt texts), never a writer's temporary file. */
export function isShownMedia(name: string): boolean {
  return name === ALT_TEXTS || (!name.startsWith('.') && !isTempFileName(name));
}

export class MediaSweep {
  private readonly mediaDir: string;
  /** Per type folder: its mtime and its entry folders, as last listed. */
  private readonly roots: Array<{ mtime: number; names: string[] }>;
  private readonly folders: KnownMedia;
  private found: MediaChange[] = [];
  /** After the first whole pass: a folder not known before is a change (before it, what is there is what was there). */
  private primed = false;
  /** Whether what it knows changed since known() was last taken. */
  private moved = false;

  /**
   * `known`: what an earlier process knew (media-stamps-file.ts), handed over (the sweep brings it up to
   * date as it goes); every difference from it is a change.
   */
  constructor(private readonly setup: SweepSetup, known?: KnownMedia) {
    this.mediaDir = `${setup.contentDir}${sep}media`;
    this.roots = setup.folders.map(() => ({ mtime: UNKNOWN, names: [] }));
    this.folders = known ?? new Map();
    if (known === undefined) return;
    // The type folders are listed anew at the first pass: an entry's media folder known and gone meanwhile is reported.
    setup.folders.forEach(({ folder }, at) => {
      this.roots[at]!.names = [...known.keys()].filter((id) => id.startsWith(`${folder}/`) && !id.includes('/', folder.length + 1)).map((id) => id.slice(folder.length + 1)).sort();
    });
    this.primed = true;
  }

  /**
   * What it knows now, to be kept for the next start; `null` when nothing changed since it was last taken,
   * before it knows every folder (a first pass under way: a folder not yet looked at would be new to the
   * next start), or while a change it found is not taken yet (kept then, a stop before it is told would
   * lose it). `always`: even when nothing changed (the first stamps kept of folders known).
   */
  knownIfMoved(always = false): KeptMedia | null {
    if (!(this.moved || always) || !this.primed || this.found.length > 0) return null;
    this.moved = false;
    return this.folders;
  }

  /** Media folders known now. */
  get size(): number {
    return this.folders.size;
  }

  /** Whether the entry has a media folder, as last seen. */
  has(id: string): boolean {
    return this.folders.has(id);
  }

  /** One pass over every media folder, yielding every few folders; what it finds is taken with takeFound(). */
  *pass(): Generator<void, void> {
    const { folders } = this.setup;
    // content/media/ as a link is no media folder (nothing below it is served: lib/no-follow.ts).
    const linked = mtimeOf(this.mediaDir) === UNKNOWN;
    for (let at = 0; at < folders.length; at++) {
      const { folder, nested } = folders[at]!;
      const dir = this.mediaDir + sep + folder;
      const root = this.roots[at]!;
      const mtime = linked ? UNKNOWN : mtimeOf(dir);
      if (mtime !== root.mtime) {
        root.mtime = mtime;
        const names = mtime === UNKNOWN ? [] : slugFolders(dir);
        const now = new Set(names);
        for (const name of root.names) if (!now.has(name)) this.gone(`${folder}/${name}`);
        root.names = names;
      }
      for (let n = 0; n < root.names.length; n++) {
        if ((n & 63) === 63) yield;
        yield* this.visit(`${folder}/${root.names[n]}`, 1, nested);
      }
    }
    this.primed = true;
  }

  /** What passes and checks found since last asked. */
  takeFound(): MediaChange[] {
    const found = this.found;
    this.found = [];
    return found;
  }

  /** Looks at one entry's media folder now (a file-system event named it, or it is among the newest). */
  check(id: string): void {
    const type = this.setup.folders.find(({ folder }) => id.startsWith(`${folder}/`));
    if (!type || mtimeOf(this.mediaDir) === UNKNOWN) return;
    const depth = id.split('/').length - 1;
    if (depth > (type.nested ? this.setup.maxDepth : 1)) return;
    this.look(id, depth, type.nested);
    if (!this.folders.has(id)) return;
    // Named where a pass will meet it again, so that it is reported gone when it goes before its parent is listed anew.
    const name = id.slice(id.lastIndexOf('/') + 1);
    const siblings = depth === 1 ? this.roots[this.setup.folders.indexOf(type)]!.names : this.folders.get(id.slice(0, id.lastIndexOf('/')))?.children;
    if (siblings && !siblings.includes(name)) { siblings.push(name); siblings.sort(); }
  }

  /**
   * Takes the folder as it is now without reporting it: svc changed it itself (a write of this process, or
   * of another one whose event was read), and that change is in the feed already.
   */
  absorb(id: string): void {
    const before = this.found.length;
    this.check(id);
    this.found.length = before;
  }

  private *visit(id: string, depth: number, nested: boolean): Generator<void, void> {
    this.look(id, depth, nested);
    const folder = this.folders.get(id);
    if (!folder) return;
    for (const child of folder.children) yield* this.visit(`${id}/${child}`, depth + 1, nested);
  }

  /** Brings one folder's stamps up to date, reporting what differs (in a folder known, or new once primed). */
  private look(id: string, depth: number, nested: boolean): void {
    const path = this.mediaDir + sep + id.split('/').join(sep);
    const mtime = mtimeOf(path);
    let folder = this.folders.get(id);
    const wasKnown = folder !== undefined;
    if (mtime === UNKNOWN) { if (folder) this.gone(id); return; }
    if (!folder) this.folders.set(id, (folder = { mtime: NaN, names: [], stamps: NO_STAMPS, children: [] }));
    const files: MediaChange['files'] = [];
    if (mtime !== folder.mtime) {
      folder.mtime = mtime;
      this.moved = true;
      const names: string[] = [];
      const children: string[] = [];
      for (const item of listing(path)) {
        if (item.isDirectory()) { if (nested && depth < this.setup.maxDepth && isSlug(item.name)) children.push(item.name); }
        else if (item.isFile() && isShownMedia(item.name)) names.push(item.name);
      }
      names.sort();
      children.sort();
      const stamps = new Float64Array(names.length * 2).fill(NaN);
      let old = 0;
      for (let at = 0; at < names.length; at++) {
        const name = names[at]!;
        while (old < folder.names.length && folder.names[old]! < name) files.push([folder.names[old++]!, 'removed']);
        const known = old < folder.names.length && folder.names[old] === name;
        if (known) stamps.set(folder.stamps.subarray(old * 2, old * 2 + 2), at * 2);
        if (setStamp(stamps, at * 2, fileStamp(path + sep + name)) || !known) files.push([name, known ? 'changed' : 'added']);
        if (known) old++;
      }
      while (old < folder.names.length) files.push([folder.names[old++]!, 'removed']);
      const now = new Set(children);
      for (const child of folder.children) if (!now.has(child)) this.gone(`${id}/${child}`);
      Object.assign(folder, { names, stamps, children });
    } else {
      for (let at = 0; at < folder.names.length; at++) {
        const stamp = fileStamp(path + sep + folder.names[at]!);
        if (!setStamp(folder.stamps, at * 2, stamp)) continue;
        files.push([folder.names[at]!, stamp === ABSENT ? 'removed' : 'changed']);
        this.moved = true;
        // Gone with the folder's mtime the same (within its resolution): listed again at the next look.
        if (stamp === ABSENT) folder.mtime = NaN;
      }
    }
    if (wasKnown || this.primed) this.report(id, files);
  }

  /** A media folder gone: each file it had is removed, and so are its child folders'. */
  private gone(id: string): void {
    const folder = this.folders.get(id);
    if (!folder) return;
    this.folders.delete(id);
    this.moved = true;
    this.report(id, folder.names.map((name) => [name, 'removed']));
    for (const child of folder.children) this.gone(`${id}/${child}`);
  }

  private report(id: string, files: MediaChange['files']): void {
    if (files.length > 0) this.found.push({ id, files });
  }
}
