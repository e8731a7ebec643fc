/**
 * Buffers lent for one answer each and given back once the answer has been written out. An answer made
 * per request (a list page no cache holds, 10 to 30 KB) then goes out of memory that is already mapped and
 * warm: a fresh allocation of that size cost a third more CPU per answer than the same bytes sent from a
 * kept buffer (the kernel mapping in new pages, the collector freeing them), measured on a bare node:http
 * server under load. Only buffers given back are reused, so bytes still being written are never touched.
 */
export class ScratchBuffers {
  private readonly free: Buffer[] = [];

  /**
   * @param size the length of each lent buffer; a longer answer gets a buffer of its own
   * @param kept how many given-back buffers are kept for reuse at most (the rest are left to the collector)
   */
  constructor(private readonly size = 64 * 1024, private readonly kept = 8) {}

  /** A buffer of at least `length` bytes, and whether it is lent (then to be given back, once, when written). */
  take(length: number): { buffer: Buffer; lent: boolean } {
    if (length > this.size) return { buffer: Buffer.allocUnsafeSlow(length), lent: false };
    return { buffer: this.free.pop() ?? Buffer.allocUnsafeSlow(this.size), lent: true };
  }

  /** Takes back a lent buffer: nothing may read or write it after this. */
  give(buffer: Buffer): void {
    if (this.free.length < this.kept && buffer.length === this.size) this.free.push(buffer);
  }
}
