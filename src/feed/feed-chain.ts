// Which of the files named like segments are the feed's own. The feed is a chain: segment 1 (or the first
// one kept), each full one naming the next in its last line. A name alone proves nothing: anyone can put
// `changes-0000000000000050.ndjson` in the folder (a touch, a copy, a newer svc), and a writer that took the
// newest name for the live segment wrote its events there, out of every reader's reach, and moved the seqs
// to whatever the name said. So a segment is the chain's only when its first line is this version's header
// for its very name (feed-segments.ts segmentKind); the one exception, a segment whose header a crash cut
// short, is reached only through the link its predecessor ends with.
import { listSegments, segmentKind } from './feed-segments.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

const isOurs = (trusted: TrustedFolders, dir: string, first: number) => segmentKind(trusted, dir, first).kind === 'ours';

/** The newest segment of the chain (the live one, or the one linking to it), or undefined when there is none. */
export function newestChainSegment(trusted: TrustedFolders, dir: string, segments = listSegments(trusted, dir)): number | undefined {
  for (let i = segments.length - 1; i >= 0; i--) if (isOurs(trusted, dir, segments[i]!)) return segments[i];
  return undefined;
}

/** The oldest segment of the chain the feed still keeps, or undefined. */
export function oldestChainSegment(trusted: TrustedFolders, dir: string, segments = listSegments(trusted, dir)): number | undefined {
  for (const first of segments) if (isOurs(trusted, dir, first)) return first;
  return undefined;
}

/** The chain's segment that holds `seq` if the feed holds it: the newest of ours that begins at or before it. */
export function chainSegmentFor(trusted: TrustedFolders, dir: string, seq: number, segments = listSegments(trusted, dir)): number | undefined {
  for (let i = segments.length - 1; i >= 0; i--) {
    if (segments[i]! <= seq && isOurs(trusted, dir, segments[i]!)) return segments[i];
  }
  return undefined;
}

/**
 * Whether the chain goes on past `segment` in a segment of ours: a reader at the end of one that names no next
 * is then at a dead end (the writer began anew past a file it could not continue) and must resync.
 */
export function hasLaterChainSegment(trusted: TrustedFolders, dir: string, segment: number): boolean {
  const segments = listSegments(trusted, dir);
  for (let i = segments.length - 1; i >= 0 && segments[i]! > segment; i--) if (isOurs(trusted, dir, segments[i]!)) return true;
  return false;
}
