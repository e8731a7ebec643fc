// Reading the change feed (change-feed.ts writes it): from a position a follower keeps (feed-follower.ts),
// or after a seq a consumer keeps (feed-cursor.ts). A reader reads whole lines only, passes over any that is
// not an event, and is told to resync when the seqs say something is missing.
import { parseEvent, type ChangeEvent } from './change-event.js';
import { chainSegmentFor, hasLaterChainSegment, newestChainSegment, oldestChainSegment } from './feed-chain.js';
import { isOurHeader, listSegments, parseNext, readLines } from './feed-segments.js';
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
  // The chain's newest segment, never merely the newest name (feed-chain.ts); at most SEGMENT_BYTES, read once at a start.
  const first = newestChainSegment(trusted, dir);
  if (first === undefined) return { segment: 0, offset: 0, seq: 0 };
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
 * the position (its segment removed, its file shorter than the offset or the offset no longer a line's start,
 * an event at or before the position's seq after it: the file lost its end and was written on), when a seq
 * does not follow on from the last, or when the position's segment is a dead end (it names no next, and the
 * chain goes on past it): the caller re-reads everything and follows on from end().
 * `since`: the position is a segment's start and a consumer's seq (feedSince), so earlier events are passed over.
 */
export function readFeed(trusted: TrustedFolders, dir: string, position: FeedPosition, max = 1000, since = false): FeedRead {
  const events: ChangeEvent[] = [];
  let { segment, offset, seq } = position;
  let resync = false;
  if (segment === 0) {
    // Nothing was there when the reader began: the chain's first segment, if one was made since.
    const first = oldestChainSegment(trusted, dir);
    if (first === undefined) return { events, position, resync };
    segment = first;
    offset = 0;
  }
  // A dead end is believed only when a second look finds no link either: the link is written before the next
  // segment is made, so a writer rotating between the two looks is seen on the second.
  let lookedAgain = false;
  const lost = (): FeedRead => ({ events, position: { segment, offset, seq }, resync: true });
  for (;;) {
    const read = readLines(trusted, dir, segment, offset);
    if (read === null) {
      // Named by a link and not made yet (a writer between the two, or killed there: the next one makes it).
      if (offset === 0 && !hasLaterChainSegment(trusted, dir, segment)) break;
      return lost();
    }
    if (read.size < offset || !read.aligned) return lost();
    let index = 0;
    if (offset === 0 && read.lines.length > 0) {
      if (!isOurHeader(read.lines[0]!, segment)) {
        // Foreign, damaged or of a newer version: nothing in it is read as ours.
        if (!hasLaterChainSegment(trusted, dir, segment)) break;
        return { events, position: feedEnd(trusted, dir), resync: true };
      }
      offset = read.ends[0]!;
      index = 1;
    }
    let moved = false;
    for (; index < read.lines.length && events.length < max; index++) {
      const line = read.lines[index]!;
      const next = parseNext(line);
      if (next !== null) { segment = next; offset = 0; moved = true; break; }
      offset = read.ends[index]!;
      // A line that is not an event (damaged, foreign, a torn append ended by the next writer) is passed over;
      // the seqs say whether one was lost.
      const event = parseEvent(line);
      if (event === null) continue;
      if (event.seq <= seq) {
        if (!since) resync = true;
        continue;
      }
      if (seq !== 0 && event.seq !== seq + 1) resync = true;
      seq = event.seq;
      events.push(event);
    }
    if (moved) { lookedAgain = false; continue; }
    if (events.length >= max) break;
    // More whole lines may follow past what one read takes.
    if (read.lines.length > 0 && offset < read.size) continue;
    if (!hasLaterChainSegment(trusted, dir, segment)) break;
    if (!lookedAgain) { lookedAgain = true; continue; }
    return { events, position: feedEnd(trusted, dir), resync: true };
  }
  return { events, position: { segment, offset, seq }, resync };
}

/**
 * The events after `seq` for a consumer that keeps only a number (a cursor), from the chain's segment that
 * holds seq + 1 (a stray name is never read from). `resync` when the feed no longer reaches back that far, or
 * seq is past its newest event (a feed begun anew, or one whose end was lost).
 */
export function feedSince(trusted: TrustedFolders, dir: string, seq: number, max = 1000): FeedRead {
  const segments = listSegments(trusted, dir);
  const oldest = oldestChainSegment(trusted, dir, segments);
  if (oldest === undefined) return { events: [], position: { segment: 0, offset: 0, seq: 0 }, resync: seq > 0 };
  const segment = chainSegmentFor(trusted, dir, seq + 1, segments);
  if (segment === undefined) return { events: [], position: feedEnd(trusted, dir), resync: true };
  const read = readFeed(trusted, dir, { segment, offset: 0, seq }, max, true);
  if (read.events.length === 0 && seq > feedEnd(trusted, dir).seq) return { events: [], position: feedEnd(trusted, dir), resync: true };
  return read;
}
