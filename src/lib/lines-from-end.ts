import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import { openNoFollow } from './no-follow.js';
import type { TrustedFolders } from './trusted-folders.js';

// A log's lines from its last to its first, reading the file backwards in blocks: a reader that wants the
// newest few lines of a long append-only file reads a block or two, not the whole file. A newline byte never
// occurs inside a multi-byte UTF-8 character, so lines are cut on bytes and decoded one by one.

const BLOCK = 64 * 1024;

/** The file's lines, last first, without their newline; empty lines too. Stop early by leaving the loop. */
export function* linesFromEnd(trusted: TrustedFolders, path: string): Generator<string> {
  const fd = openNoFollow(trusted, path, constants.O_RDONLY);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return;
    const block = Buffer.allocUnsafe(BLOCK);
    let position = stats.size;
    // The start of the line that the previous (later) block began in the middle of.
    let carry = Buffer.alloc(0);
    while (position > 0) {
      const length = Math.min(BLOCK, position);
      position -= length;
      const read = readSync(fd, block, 0, length, position);
      const bytes = Buffer.concat([block.subarray(0, read), carry]);
      let end = bytes.length;
      for (let i = bytes.length - 1; i >= 0; i--) {
        if (bytes[i] !== 0x0a) continue;
        yield bytes.toString('utf8', i + 1, end);
        end = i;
      }
      carry = bytes.subarray(0, end);
    }
    if (carry.length > 0) yield carry.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
