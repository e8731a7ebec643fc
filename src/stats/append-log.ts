import { writeSync, closeSync } from 'node:fs';
import { createNoFollow } from '../lib/no-follow.js';

/**
 * Appends lines to day files opened with O_APPEND. Each line is one write(2) of well under 4 KB, so lines
 * from several processes appending to the same file never interleave. One open descriptor per file; the
 * previous day's is closed when a line for a new day arrives. A day file or folder that is a symbolic link is
 * never written through (lib/no-follow.ts).
 */
export class AppendLog {
  private readonly open = new Map<string, number>();

  append(path: string, line: string): void {
    let fd = this.open.get(path);
    if (fd === undefined) {
      fd = createNoFollow(path, 'append', 0o600);
      // Keep at most two files open (today and, for a moment after midnight, yesterday).
      if (this.open.size >= 2) this.closeOldest();
      this.open.set(path, fd);
    }
    writeSync(fd, line.endsWith('\n') ? line : line + '\n');
  }

  private closeOldest(): void {
    const [path, fd] = this.open.entries().next().value as [string, number];
    closeSync(fd);
    this.open.delete(path);
  }

  /** Closes the descriptor of `path` (before the file is rewritten by the rollup). */
  release(path: string): void {
    const fd = this.open.get(path);
    if (fd !== undefined) { closeSync(fd); this.open.delete(path); }
  }

  close(): void {
    for (const fd of this.open.values()) closeSync(fd);
    this.open.clear();
  }
}
