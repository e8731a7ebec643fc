import { statSync, readFileSync } from 'node:fs';

interface Cached<T> {
  ino: number;
  mtimeMs: number;
  size: number;
  value: T;
}

/**
 * Parsed files keyed by path, re-read only when the file changed (inode, mtime or size). Another process
 * (the CLI, a stdio server) may change accounts, tokens or roles at any time; a stat per read notices it
 * while sparing the parse. Atomic writes rename a new inode into place, so the inode alone catches most.
 */
export class FileCache<T> {
  private readonly entries = new Map<string, Cached<T>>();

  constructor(private readonly parse: (text: string, path: string) => T, private readonly maxEntries = 10_000) {}

  /** The parsed file, or undefined when it does not exist. */
  read(path: string): T | undefined {
    // throwIfNoEntry: a missing file (no roles.yaml, an unknown token) is common and must stay cheap.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) {
      this.entries.delete(path);
      return undefined;
    }
    const cached = this.entries.get(path);
    if (cached && cached.ino === stat.ino && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.value;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const value = this.parse(text, path);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(path, { ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size, value });
    return value;
  }

  forget(path: string): void {
    this.entries.delete(path);
  }
}
