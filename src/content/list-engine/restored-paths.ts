// The public paths of a persisted index's translations (restored-objects.ts), found without an object per
// translation: a hash table of translation numbers (open addressing, linear probing), hashed and compared
// where the path column keeps the characters. At 100,000 entries the path index over objects made all
// 200,000 translations and their entries on the first page view (some 20 MB kept); this is 4 MB of typed
// arrays, and the first page view makes the translation it shows.
import { hashOf, hashOfRange } from './keyed-table.js';
import type { RestoredObjects } from './restored-objects.js';

export class RestoredPaths {
  /** Translation number + 1 per cell; 0 is an empty cell. Several translations may claim one path. */
  private readonly cells: Int32Array;
  private readonly hashes: Int32Array;

  constructor(private readonly objects: RestoredObjects) {
    const count = objects.translationCount;
    let size = 1024;
    while (size * 0.8 < count) size *= 2;
    this.cells = new Int32Array(size);
    this.hashes = new Int32Array(size);
    const { chars, starts } = objects.paths();
    const mask = size - 1;
    for (let n = 0; n < count; n++) {
      const hash = hashOfRange(chars, starts[n]!, end(starts, n));
      let at = hash & mask;
      while (this.cells[at] !== 0) at = (at + 1) & mask;
      this.cells[at] = n + 1;
      this.hashes[at] = hash;
    }
  }

  /** Hands `visit` the number of every translation whose path is `path`. */
  claimants(path: string, visit: (n: number) => void): void {
    const { chars, starts } = this.objects.paths();
    const hash = hashOf(path);
    const mask = this.cells.length - 1;
    for (let at = hash & mask; this.cells[at] !== 0; at = (at + 1) & mask) {
      if (this.hashes[at] !== hash) continue;
      const n = this.cells[at]! - 1;
      const start = starts[n]!;
      if (end(starts, n) - start === path.length && chars.startsWith(path, start)) visit(n);
    }
  }
}

/** Where row n's text ends in its column (a negative start marks the next row as null: its end is ~start). */
function end(starts: Int32Array, n: number): number {
  const next = starts[n + 1]!;
  return next < 0 ? ~next : next;
}
