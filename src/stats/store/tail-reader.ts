import { constants, readSync, fstatSync, closeSync } from 'node:fs';
import { createHash } from '../../lib/node-builtins.js';
import { openNoFollow } from '../../lib/no-follow.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** How many bytes at the start of a log, and before the point read up to, identify it (see LogMark). */
const WINDOW = 4096;
const NEWLINE = 0x0a;

/**
 * How far a log was counted, and which log it was: the byte offset after the last complete line, and
 * hashes of the first bytes and of the bytes just before that offset. Logs only grow, so the same log
 * still has those bytes there; a log deleted and written anew, or another site's, does not.
 */
export interface LogMark { offset: number; head: string; tail: string }

const hash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

export function isLogMark(value: unknown): value is LogMark {
  const mark = value as LogMark | null;
  return Boolean(mark) && Number.isSafeInteger(mark!.offset) && mark!.offset >= 0 && typeof mark!.head === 'string' && typeof mark!.tail === 'string';
}

/**
 * Reads what was appended to a log since the last call, complete lines only: an unfinished last line
 * (another process may be in the middle of writing it) waits as bytes, so a character cut in two is never
 * decoded. Notices when the log was replaced or cut shorter, so the caller can count it again from the start.
 */
export class TailReader {
  private offset = 0;
  private rest: Buffer = Buffer.alloc(0);
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);
  private inode = -1;
  private size = 0;

  constructor(private readonly trusted: TrustedFolders, readonly path: string) {}

  /** The offset after the last complete line read. */
  get covered(): number { return this.offset - this.rest.length; }

  /** Whether the log had more bytes than were read, when last looked at. */
  get behind(): boolean { return this.size > this.offset; }

  mark(): LogMark {
    return { offset: this.covered, head: hash(this.head), tail: hash(this.tail) };
  }

  /**
   * Goes on from a mark saved earlier, when the log is the one it was taken from; false (and nothing
   * changed) otherwise.
   */
  resume(mark: LogMark): boolean {
    let fd: number;
    try { fd = openNoFollow(this.trusted, this.path, constants.O_RDONLY); } catch { return mark.offset === 0 && mark.head === hash(Buffer.alloc(0)); }
    try {
      const stat = fstatSync(fd);
      if (stat.size < mark.offset) return false;
      const head = readAt(fd, 0, Math.min(WINDOW, mark.offset));
      const tailStart = Math.max(0, mark.offset - WINDOW);
      const tail = readAt(fd, tailStart, mark.offset - tailStart);
      if (hash(head) !== mark.head || hash(tail) !== mark.tail) return false;
      if (tail.length > 0 && tail[tail.length - 1] !== NEWLINE) return false;
      this.offset = mark.offset;
      this.rest = Buffer.alloc(0);
      this.head = head;
      this.tail = tail;
      this.inode = stat.ino;
      this.size = stat.size;
      return true;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * The complete lines appended since the last call, at most about `maxBytes` of them (all when omitted);
   * null when the log was replaced or cut shorter since (then this reader is back at the start).
   */
  read(maxBytes = Infinity): string | null {
    let fd: number;
    try { fd = openNoFollow(this.trusted, this.path, constants.O_RDONLY); } catch { return ''; }
    try {
      const stat = fstatSync(fd);
      if ((this.inode !== -1 && stat.ino !== this.inode) || stat.size < this.offset) {
        this.offset = 0; this.rest = Buffer.alloc(0); this.head = Buffer.alloc(0); this.tail = Buffer.alloc(0);
        this.inode = -1; this.size = 0;
        return null;
      }
      this.inode = stat.ino;
      this.size = stat.size;
      if (stat.size === this.offset) return '';
      const chunk = readAt(fd, this.offset, Math.min(stat.size - this.offset, maxBytes));
      this.offset += chunk.length;
      const bytes = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
      const cut = bytes.lastIndexOf(NEWLINE) + 1;
      this.rest = Buffer.from(bytes.subarray(cut));
      const done = bytes.subarray(0, cut);
      if (this.head.length < WINDOW) this.head = Buffer.concat([this.head, done.subarray(0, WINDOW - this.head.length)]);
      this.tail = done.length >= WINDOW ? Buffer.from(done.subarray(done.length - WINDOW)) : Buffer.concat([this.tail, done]).subarray(-WINDOW);
      return done.toString('utf8');
    } finally {
      closeSync(fd);
    }
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}
