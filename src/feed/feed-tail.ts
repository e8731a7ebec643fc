// What the writer needs to know of the live segment's end before it appends (change-feed.ts): the highest seq
// the segment shows, whether it names a next segment, and whether its last byte is a newline. Read backwards
// from the end, a chunk at a time, only as far as the last event: one chunk in the ordinary case, the whole
// file when garbage was put at its end. Nothing is cut off: a torn last line may be all that is left of an
// event readers had (a file cut short), and bytes that are not svc's are not svc's to remove.
import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { openNoFollow } from '../lib/no-follow.js';
import { isSeq, parseEvent } from './change-event.js';
import { isOurHeader, parseNext, segmentName } from './feed-segments.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

const CHUNK = 64 * 1024;
/** The start of an event line, whole or torn: `{"seq":190,"ti` is enough to know 190 was handed out. */
const SEQ_START = /^\{"seq":(\d{1,16})/;

export interface SegmentTail {
  size: number;
  /** False when the last line has no newline (a torn append, garbage): the writer begins with one. */
  endsWithNewline: boolean;
  /** The highest seq its last lines show (a torn line's too), or null when none is left after the header. */
  lastSeq: number | null;
  /** The segment its last line names as the next (it is full), or null. */
  next: number | null;
  /** Lines that are not the feed's and no event at all after the header: nothing says which seqs it held. */
  damaged: boolean;
}

export function readTail(trusted: TrustedFolders, dir: string, first: number): SegmentTail {
  const fd = openNoFollow(trusted, join(dir, segmentName(first)), constants.O_RDONLY);
  try {
    const size = fstatSync(fd).size;
    const lastByte = Buffer.alloc(1);
    const endsWithNewline = size > 0 && readSync(fd, lastByte, 0, 1, size - 1) === 1 && lastByte[0] === 0x0a;
    let lastSeq: number | null = null;
    let garbage = false;
    // The start of a line that began in an earlier chunk than the one read.
    let carry = Buffer.alloc(0);
    for (let end = size; end > 0;) {
      const from = Math.max(0, end - CHUNK);
      const chunk = Buffer.allocUnsafe(end - from);
      readSync(fd, chunk, 0, chunk.length, from);
      const bytes = carry.length === 0 ? chunk : Buffer.concat([chunk, carry]);
      const lines = bytes.toString('latin1').split('\n');
      // The first piece may be the end of a line that begins further back; at the file's start it is the header.
      const whole = from === 0 ? lines : lines.slice(1);
      for (let i = whole.length - 1; i >= 0; i--) {
        const line = whole[i]!;
        if (line === '') continue;
        if (from === 0 && i === 0 && isOurHeader(Buffer.from(line, 'latin1').toString('utf8'), first)) {
          return { size, endsWithNewline, lastSeq, next: null, damaged: garbage && lastSeq === null };
        }
        const text = Buffer.from(line, 'latin1').toString('utf8');
        // A link ends the segment even when something was put after it: the chain goes on where it names.
        const next = parseNext(text);
        if (next !== null) return { size, endsWithNewline, lastSeq: Math.max(next - 1, lastSeq ?? 0), next, damaged: false };
        const seq = Number(SEQ_START.exec(line)?.[1]);
        if (!isSeq(seq)) { garbage = true; continue; }
        lastSeq = Math.max(lastSeq ?? 0, seq);
        // A whole event: seqs only grow in a segment, so nothing before it is higher.
        if (parseEvent(text) !== null) return { size, endsWithNewline, lastSeq, next: null, damaged: false };
      }
      carry = from === 0 ? Buffer.alloc(0) : Buffer.from(lines[0]!, 'latin1');
      end = from;
    }
    return { size, endsWithNewline, lastSeq, next: null, damaged: lastSeq === null };
  } finally {
    closeSync(fd);
  }
}
