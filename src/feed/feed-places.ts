// Where this process's reads of the change feed ended, by the seq each ended after (the last few). A reader
// that keeps only a number (a Content API client polling /changes?since=, the purges' and the webhooks'
// cursors) most often asks from where the process's own follower stands; read from that place, an answer
// costs the lines after it instead of a parse of the segment from its start (some 125 ms for a 3.4 MB one,
// at every poll, for anyone). A place the feed no longer agrees with (a file cut short, a segment removed or
// begun anew) is forgotten, and the caller reads as it would have without it.
import { readFeed, type FeedPosition, type FeedRead } from './feed-reading.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/** How many places are kept: the followers', the cursors' and a few clients' behind them. */
const KEPT = 32;

export class FeedPlaces {
  private readonly places = new Map<number, FeedPosition>();

  constructor(private readonly trusted: TrustedFolders, private readonly dir: string) {}

  /** Remembers where a read ended (the newest place for a seq wins). */
  note(position: FeedPosition): void {
    if (position.seq <= 0 || position.segment === 0) return;
    this.places.delete(position.seq);
    this.places.set(position.seq, position);
    if (this.places.size > KEPT) this.places.delete(this.places.keys().next().value!);
  }

  /** The events after `seq`, read from the place a read ended after it, or null when there is none to trust. */
  since(seq: number, max: number): FeedRead | null {
    const place = this.places.get(seq);
    if (place === undefined) return null;
    const read = readFeed(this.trusted, this.dir, place, max);
    if (read.resync) {
      this.places.delete(seq);
      return null;
    }
    this.note(read.position);
    return read;
  }

  /** The position after the last whole event, read on from the newest place, or null when there is none to trust. */
  end(): FeedPosition | null {
    let position: FeedPosition | undefined;
    for (const place of this.places.values()) if (position === undefined || place.seq > position.seq) position = place;
    if (position === undefined) return null;
    for (;;) {
      const read = readFeed(this.trusted, this.dir, position, 10_000);
      if (read.resync) {
        this.places.delete(position.seq);
        return null;
      }
      const moved = read.position.segment !== position.segment || read.position.offset !== position.offset;
      position = read.position;
      if (!moved) break;
    }
    this.note(position);
    return position;
  }
}
