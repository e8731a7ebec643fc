import { LinkRefusedError, readTextNoFollow, removeNoFollow, statNoFollow } from '../lib/no-follow.js';
import { eventLoopTurn } from '../lib/event-loop-turn.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

interface Cached<T> {
  ino: number;
  mtimeMs: number;
  size: number;
  value: T;
  /** The event-loop turn of the last stat that found the file unchanged. */
  checkedIn: number;
}

/**
 * Parsed files keyed by path, re-read only when the file changed (inode, mtime or size). Another process
 * (the CLI, a stdio server) may change accounts, tokens or roles at any time; a stat notices it while
 * sparing the parse. Atomic writes rename a new inode into place, so the inode alone catches most.
 *
 * The stat is made once per event-loop turn (see lib/event-loop-turn): every request handled in a turn
 * arrived before the turn began, so it still sees a change another process made before it was sent, while a
 * burst of requests costs one stat per file instead of one each. Writers in this process call forget().
 *
 * A symbolic link is never followed (lib/no-follow.ts): it reads as a missing file, so a linked token or
 * account file is unknown.
 */
export class FileCache<T> {
  private readonly entries = new Map<string, Cached<T>>();
  /** Paths found missing in the current turn; cleared every turn so unknown names never pile up. */
  private missing = new Set<string>();
  private missingIn = -1;

  constructor(private readonly trusted: TrustedFolders, private readonly parse: (text: string, path: string) => T, private readonly maxEntries = 10_000) {}

  /** The parsed file, or undefined when it does not exist. */
  read(path: string): T | undefined {
    const turn = eventLoopTurn();
    const cached = this.entries.get(path);
    if (cached !== undefined && cached.checkedIn === turn) return cached.value;
    if (this.missingIn === turn) {
      if (this.missing.has(path)) return undefined;
    } else {
      this.missing.clear();
      this.missingIn = turn;
    }
    // throwIfNoEntry: a missing file (no roles.yaml, an unknown token) is common and must stay cheap.
    const stat = statNoFollow(this.trusted, path);
    if (!stat) {
      if (cached !== undefined) this.entries.delete(path);
      this.missing.add(path);
      return undefined;
    }
    if (cached && cached.ino === stat.ino && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
      cached.checkedIn = turn;
      return cached.value;
    }
    let text: string;
    try {
      text = readTextNoFollow(this.trusted, path);
    } catch (error) {
      if (error instanceof LinkRefusedError || (error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const value = this.parse(text, path);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(path, { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, value, checkedIn: turn });
    return value;
  }

  /** Called by a writer in this process after it changed or removed the file. */
  forget(path: string): void {
    this.entries.delete(path);
    this.missing.delete(path);
  }

  /** Removes the file (a link in its place is removed itself) and forgets it; false when there was none. */
  remove(path: string): boolean {
    try {
      removeNoFollow(this.trusted, path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    } finally {
      this.forget(path);
    }
  }
}
