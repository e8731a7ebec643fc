import { sep } from 'node:path';
import { AppError } from '../../errors.js';
import type { WriteStorage } from './write-storage.js';

/**
 * Files held in a map, for the unit tests of the write rules: no disk, and a journal of what was done
 * (`lock <path>`, `write <path>`, `append <path>`, `remove <path>`, `unlock <path>`) so a test can tell
 * what a refused change left alone and what a change wrote inside its lock.
 */
export class MemoryStorage implements WriteStorage {
  readonly journal: string[] = [];
  private readonly files = new Map<string, string | Uint8Array>();
  private readonly held = new Set<string>();

  /** Starts with these files, by absolute path. */
  constructor(files: Record<string, string | Uint8Array> = {}) {
    for (const [path, data] of Object.entries(files)) this.files.set(path, data);
  }

  readText(path: string): string {
    const data = this.files.get(path);
    if (data === undefined) throw notFound(path);
    return typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  }

  exists(path: string): boolean {
    if (this.files.has(path)) return true;
    const folder = path.endsWith(sep) ? path : path + sep;
    for (const file of this.files.keys()) if (file.startsWith(folder)) return true;
    return false;
  }

  writeAtomic(path: string, data: string | Uint8Array): void {
    this.files.set(path, typeof data === 'string' ? data : Uint8Array.from(data));
    this.journal.push(`write ${path}`);
  }

  append(path: string, text: string): void {
    const before = this.files.has(path) ? this.readText(path) : '';
    this.files.set(path, before + text);
    this.journal.push(`append ${path}`);
  }

  remove(path: string): void {
    if (!this.files.delete(path)) throw notFound(path);
    this.journal.push(`remove ${path}`);
  }

  /** One process: a lock taken again before it is let go is refused at once (on disk it would wait). */
  withLock<T>(path: string, action: () => T): T {
    if (this.held.has(path)) throw new AppError('conflict', 'The entry is being changed by someone else; try again in a moment.');
    this.held.add(path);
    this.journal.push(`lock ${path}`);
    try {
      return action();
    } finally {
      this.held.delete(path);
      this.journal.push(`unlock ${path}`);
    }
  }

  /** The names of the files and folders directly in `dir`, sorted (what listing the folder would give). */
  list(dir: string): string[] {
    const folder = dir.endsWith(sep) ? dir : dir + sep;
    const names = new Set<string>();
    for (const file of this.files.keys()) if (file.startsWith(folder)) names.add(file.slice(folder.length).split(sep)[0]!);
    return [...names].sort();
  }

  /** Every file's path, sorted. */
  paths(): string[] {
    return [...this.files.keys()].sort();
  }
}

function notFound(path: string): Error {
  return Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
}
