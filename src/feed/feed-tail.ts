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
/** Longer than any event line (at most 200 paths and 200 before): a line past it is not one. */
const MAX_LINE = 4 * 1024 * 1024;
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
    /** One line, judged from the end backwards: what it tells of the segment's end, or undefined to go on. */
    const judge = (line: Buffer, overlong: boolean, isFirst: boolean): SegmentTail | undefined => {
      if (line.length === 0) return undefined;
      const text = overlong ? '' : line.toString('utf8');
      if (isFirst && !overlong && isOurHeader(text, first)) return { size, endsWithNewline, lastSeq, next: null, damaged: garbage && lastSeq === null };
      // A link ends the segment even when something was put after it: the chain goes on where it names.
      const next = overlong ? null : parseNext(text);
      if (next !== null) return { size, endsWithNewline, lastSeq: Math.max(next - 1, lastSeq ?? 0), next, damaged: false };
      const seq = Number(SEQ_START.exec(line.toString('latin1', 0, Math.min(line.length, 32)))?.[1]);
      if (!isSeq(seq)) { garbage = true; return undefined; }
      lastSeq = Math.max(lastSeq ?? 0, seq);
      // A whole event: seqs only grow in a segment, so nothing before it is higher.
      if (!overlong && parseEvent(text) !== null) return { size, endsWithNewline, lastSeq, next: null, damaged: false };
      return undefined;
    };
    // The line being gathered backwards across chunks, its pieces earliest first: each chunk is searched for
    // newlines once (garbage of 20 MB without one took 22 s, each step decoding all it had gathered again).
    // Past what an event can be, only the line's first pieces are kept: its start may name a torn seq.
    let pieces: Buffer[] = [];
    let gathered = 0;
    for (let end = size; end > 0;) {
      const from = Math.max(0, end - CHUNK);
      const chunk = Buffer.allocUnsafe(end - from);
      readSync(fd, chunk, 0, chunk.length, from);
      let stop = chunk.length;
      for (;;) {
        const newline = stop > 0 ? chunk.lastIndexOf(0x0a, stop - 1) : -1;
        const isFirst = newline < 0;
        if (isFirst && from > 0) break;
        const head = chunk.subarray(newline + 1, stop);
        const verdict = judge(pieces.length === 0 ? head : Buffer.concat([head, ...pieces]), gathered > MAX_LINE, isFirst);
        if (verdict !== undefined) return verdict;
        pieces = [];
        gathered = 0;
        if (isFirst) break;
        stop = newline;
      }
      if (from === 0) break;
      pieces.unshift(chunk.subarray(0, stop));
      gathered += stop;
      if (gathered > MAX_LINE) pieces.length = Math.min(pieces.length, 2);
      end = from;
    }
    return { size, endsWithNewline, lastSeq, next: null, damaged: lastSeq === null };
  } finally {
    closeSync(fd);
  }
}
