// Reading the change feed (change-feed.ts writes it): from a position a follower keeps (feed-follower.ts),
// or after a seq a consumer keeps (feed-cursor.ts). A reader reads whole lines only, passes over any that is
// not an event, and is told to resync when the seqs say something is missing.
import { parseEvent, type ChangeEvent } from './change-event.js';
import { listSegments, parseHeader, parseNext, readLines } from './feed-segments.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/** Where a reader is: in which segment (its first seq), at which byte, after which event. */
export interface FeedPosition { segment: number; offset: number; seq: number }

/** What a read gives: the events after the position, the new position, and whether events were lost to it. */
export interface FeedRead {
  events: ChangeEvent[];
  position: FeedPosition;
  /** The feed no longer holds what follows the position (removed, damaged, or begun anew): re-read everything. */
  resync: boolean;
}

/** The position after the last whole event: where a process that has just read everything follows from. */
export function feedEnd(trusted: TrustedFolders, dir: string): FeedPosition {
  const first = listSegments(trusted, dir).at(-1);
  if (first === undefined) return { segment: 0, offset: 0, seq: 0 };
  // The newest segment is at most SEGMENT_BYTES, read once at a start.
  let position: FeedPosition = { segment: first, offset: 0, seq: first - 1 };
  for (let read = readFeed(trusted, dir, position, 10_000); ; read = readFeed(trusted, dir, position, 10_000)) {
    if (read.resync && read.position.segment === position.segment && read.position.offset === position.offset) return position;
    const moved = read.position.segment !== position.segment || read.position.offset !== position.offset;
    position = read.position;
    if (!moved) return position;
  }
}

/**
 * The events after `position`, at most `max` of them. `resync` when the feed no longer holds what follows
 * the position (its segment removed, its file shorter than the offset) or a seq does not follow on from the
 * last: the caller re-reads everything and follows on from end().
 */
export function readFeed(trusted: TrustedFolders, dir: string, position: FeedPosition, max = 1000): FeedRead {
  const events: ChangeEvent[] = [];
  let { segment, offset, seq } = position;
  let resync = false;
  if (segment === 0) {
    // Nothing was there when the reader began: the feed's first segment, if one was made since.
    const first = listSegments(trusted, dir)[0];
    if (first === undefined) return { events, position, resync };
    segment = first;
    offset = 0;
  }
  for (;;) {
    const read = readLines(trusted, dir, segment, offset);
    if (read === null || read.size < offset) return { events, position: { segment, offset, seq }, resync: true };
    let lineStart = offset;
    let moved = false;
    for (const line of read.lines) {
      const lineEnd = lineStart + Buffer.byteLength(line) + 1;
      if (lineStart === 0 && parseHeader(line)) { lineStart = lineEnd; continue; }
      const next = parseNext(line);
      if (next !== null) { segment = next; lineStart = 0; moved = true; break; }
      lineStart = lineEnd;
      // A line that is not an event (damaged, foreign) is passed over; the seqs say whether one was lost.
      const event = parseEvent(line);
      if (event === null || event.seq <= seq) continue;
      if (seq !== 0 && event.seq !== seq + 1) resync = true;
      seq = event.seq;
      events.push(event);
      if (events.length >= max) break;
    }
    offset = lineStart;
    if (moved) continue;
    if (read.lines.length === 0 || events.length >= max || offset >= read.size) break;
  }
  return { events, position: { segment, offset, seq }, resync };
}

/**
 * The events after `seq` for a consumer that keeps only a number (a cursor), from the segment that holds
 * seq + 1. `resync` when the feed no longer reaches back that far, or seq is past its newest event (a feed
 * begun anew).
 */
export function feedSince(trusted: TrustedFolders, dir: string, seq: number, max = 1000): FeedRead {
  const segments = listSegments(trusted, dir);
  if (segments.length === 0) return { events: [], position: { segment: 0, offset: 0, seq: 0 }, resync: seq > 0 };
  if (seq + 1 < segments[0]!) return { events: [], position: feedEnd(trusted, dir), resync: true };
  let segment = segments[0]!;
  for (const first of segments) if (first <= seq + 1) segment = first;
  const read = readFeed(trusted, dir, { segment, offset: 0, seq }, max);
  if (read.events.length === 0 && seq > feedEnd(trusted, dir).seq) return { events: [], position: feedEnd(trusted, dir), resync: true };
  return read;
}

