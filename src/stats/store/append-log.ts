import { writeSync, closeSync } from 'node:fs';
import { createNoFollow } from '../../lib/no-follow.js';
import { fileProblemReason } from '../../lib/file-problem.js';
import { isAppError } from '../../errors.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/**
 * Appends lines to day files opened with O_APPEND. Each line is one write(2) of well under 4 KB, so lines
 * from several processes appending to the same file never interleave. One open descriptor per file; the
 * previous day's is closed when a line for a new day arrives. A day file or folder that is a symbolic link is
 * never written through (lib/no-follow.ts).
 *
 * A line the disk refuses (full, read-only, not writable) is not counted, and the request that brought it
 * goes on: statistics never break page views. The log says so once per reason, not once per page view.
 */
export class AppendLog {
  private readonly open = new Map<string, number>();
  private readonly told = new Set<string>();

  constructor(private readonly trusted: TrustedFolders, private readonly warn: (line: string) => void = (line) => void process.stderr.write(line + '\n')) {}

  append(path: string, line: string): void {
    try {
      let fd = this.open.get(path);
      if (fd === undefined) {
        fd = createNoFollow(this.trusted, path, 'append', 0o600);
        // Keep at most two files open (today and, for a moment after midnight, yesterday).
        if (this.open.size >= 2) this.closeOldest();
        this.open.set(path, fd);
      }
      writeSync(fd, line.endsWith('\n') ? line : line + '\n');
    } catch (error) {
      // A link in a day log's place is refused as it always was (LinkRefusedError): that is no disk fault.
      const reason = isAppError(error) ? null : fileProblemReason(error);
      if (reason === null) throw error;
      if (!this.told.has(reason)) this.warn(`svc: statistics could not be saved (${reason}); pages are served, and not counted, until they can be.`);
      this.told.add(reason);
    }
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
