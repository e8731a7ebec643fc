// Where the bytes of the Content API's kept list rows live (packed-rows.ts): a few fixed-size regions
// ("places") in memory, one buffer each. They were once in a file of the process's own, in the kernel's
// page cache rather than the process: at 100,000 posts that saved 17 MB of some 257 (6.8 %, two runs side by
// side on a quiet machine), short of the 10 % a device must carry to stay (docs/decisions.md).

/** The places in memory: one buffer each, made when first written. */
export class RowBytes {
  private readonly places: Buffer[] = [];

  constructor(private readonly placeBytes: number) {}

  write(bytes: Uint8Array, position: number): void {
    const place = Math.floor(position / this.placeBytes);
    const buffer = (this.places[place] ??= Buffer.allocUnsafeSlow(this.placeBytes));
    buffer.set(bytes, position - place * this.placeBytes);
  }

  read(target: Uint8Array, offset: number, length: number, position: number): void {
    // A run of bytes may cross from one place to the next (the rows of an answer read in one).
    while (length > 0) {
      const place = Math.floor(position / this.placeBytes);
      const from = position - place * this.placeBytes;
      const count = Math.min(length, this.placeBytes - from);
      const buffer = this.places[place];
      if (buffer) target.set(buffer.subarray(from, from + count), offset);
      offset += count;
      position += count;
      length -= count;
    }
  }

  close(): void {
    this.places.length = 0;
  }
}
