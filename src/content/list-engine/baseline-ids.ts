// The ids of the stamp sweep's baseline (stamp-sweep.ts): found by binary search over their sorted order,
// with which of them the first pass found. They travel as one run of bytes, each id ended by a newline
// (ids are slugs and slashes, so ASCII): a worker thread takes one buffer moved to it instead of 100,000
// strings copied into its heap (some 5 MB at 100,000 entries), and lets it go once the first pass is done.

const NEWLINE = 10;

/** The ids as the baseline carries them, in a buffer of their own (so it can be moved to a worker). */
export function packIds(ids: readonly string[]): Uint8Array {
  const text = ids.map((id) => `${id}\n`).join('');
  const bytes = Buffer.allocUnsafeSlow(text.length);
  bytes.write(text, 'latin1');
  return bytes;
}

export class BaselineIds {
  /** Id n runs from starts[n] up to the newline before starts[n + 1]. */
  private readonly starts: Int32Array;
  private readonly order: Int32Array;
  private readonly found: Uint8Array;

  constructor(private readonly bytes: Uint8Array) {
    let count = 0;
    for (let at = 0; at < bytes.length; at++) if (bytes[at] === NEWLINE) count++;
    this.starts = new Int32Array(count + 1);
    for (let at = 0, n = 0; at < bytes.length; at++) if (bytes[at] === NEWLINE) this.starts[++n] = at + 1;
    this.order = new Int32Array(count);
    for (let n = 0; n < count; n++) this.order[n] = n;
    this.order.sort((a, b) => this.compare(a, b));
    this.found = new Uint8Array(count);
  }

  get size(): number {
    return this.found.length;
  }

  /** The id's place in the baseline (marked found), or -1. */
  find(id: string): number {
    let low = 0, high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compareWith(this.order[middle]!, id) < 0) low = middle + 1;
      else high = middle;
    }
    const at = this.order[low];
    if (at === undefined || this.compareWith(at, id) !== 0) return -1;
    this.found[at] = 1;
    return at;
  }

  /** The ids the first pass did not find (asked once, after the first pass). */
  notFound(): string[] {
    const gone: string[] = [];
    for (let n = 0; n < this.found.length; n++) {
      if (this.found[n] === 0) gone.push(Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.starts[n]!, this.starts[n + 1]! - 1 - this.starts[n]!).toString('latin1'));
    }
    return gone;
  }

  /** Ids a and b in byte order (which is the order of JavaScript strings for ASCII). */
  private compare(a: number, b: number): number {
    const { bytes, starts } = this;
    const aEnd = starts[a + 1]! - 1, bEnd = starts[b + 1]! - 1;
    for (let i = starts[a]!, j = starts[b]!; ; i++, j++) {
      if (i === aEnd || j === bEnd) return (aEnd - i) - (bEnd - j);
      if (bytes[i] !== bytes[j]) return bytes[i]! - bytes[j]!;
    }
  }

  /** Id n against `id`: negative when it comes first. */
  private compareWith(n: number, id: string): number {
    const { bytes, starts } = this;
    const end = starts[n + 1]! - 1;
    for (let i = starts[n]!, k = 0; ; i++, k++) {
      if (i === end || k === id.length) return (end - i) - (id.length - k);
      if (bytes[i] !== id.charCodeAt(k)) return bytes[i]! - id.charCodeAt(k);
    }
  }
}
