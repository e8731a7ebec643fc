// A ZIP archive (PKWARE APPNOTE 6.3) written as it is made: each file deflated as its text comes, its CRC and
// sizes in a data descriptor after it (general purpose bit 3), the central directory at the end. Memory stays
// constant whatever the archive's size; the writer waits for the output to drain. No ZIP64: an archive past
// 4 GB is refused with an error rather than written wrong.
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/** Where the archive goes: a response or a file stream. */
export interface ZipOutput {
  write(chunk: Buffer): boolean;
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
}

const LIMIT = 0xffff_ffff;

interface Entry { name: Buffer; crc: number; compressed: number; size: number; offset: number; time: number; date: number; flags: number }

/** DOS time and date of an instant (UTC: the archive says nothing of zones). */
function dosTime(ms: number): { time: number; date: number } {
  const d = new Date(ms);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: (Math.max(0, d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private closed = false;

  constructor(private readonly out: ZipOutput, private readonly now: number = Date.now()) {
    out.once('close', () => { this.closed = true; });
    out.once('error', () => { this.closed = true; });
  }

  /** Whether the receiver went away (a download cancelled): the caller stops making text. */
  get gone(): boolean {
    return this.closed;
  }

  private async put(chunk: Buffer): Promise<void> {
    if (this.closed) throw new Error('the archive\'s receiver is gone');
    this.offset += chunk.length;
    if (this.offset > LIMIT) throw new Error('the archive would pass 4 GB, which this writer does not do');
    if (!this.out.write(chunk)) await new Promise<void>((resolve) => { this.out.once('drain', resolve); this.out.once('close', resolve); });
  }

  /** Adds a file whose text comes in pieces (written as they come). */
  async addFile(name: string, pieces: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, date } = dosTime(this.now);
    const entry: Entry = { name: nameBytes, crc: 0, compressed: 0, size: 0, offset: this.offset, time, date, flags: 0x0808 };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    head.writeUInt16LE(0x0808, 6); // bit 3: sizes in the data descriptor; bit 11: the name is UTF-8
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(time, 10);
    head.writeUInt16LE(date, 12);
    head.writeUInt16LE(nameBytes.length, 26);
    await this.put(Buffer.concat([head, nameBytes]));
    const deflate = createDeflateRaw({ level: 6, flush: constants.Z_NO_FLUSH });
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const flushOut = async () => {
      while (compressed.length > 0) {
        const chunk = compressed.shift()!;
        entry.compressed += chunk.length;
        await this.put(chunk);
      }
    };
    let pending = '';
    const feed = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (entry.size > LIMIT) throw new Error('a file of the archive would pass 4 GB, which this writer does not do');
      await new Promise<void>((resolve, reject) => deflate.write(bytes, (error) => (error ? reject(error) : resolve())));
      await flushOut();
    };
    for await (const piece of pieces) {
      pending += piece;
      // Pieces are gathered to about 64 KB: a row at a time would cost a call into zlib per row.
      if (pending.length >= 65_536) { await feed(pending); pending = ''; }
    }
    if (pending) await feed(pending);
    await new Promise<void>((resolve, reject) => { deflate.once('error', reject); deflate.end(() => resolve()); });
    await new Promise<void>((resolve) => (deflate.readableEnded ? resolve() : deflate.once('end', resolve)));
    await flushOut();
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.put(descriptor);
    this.entries.push(entry);
  }

  /**
   * Adds a file deflated beforehand (its raw deflate data comes in `chunks`), with its CRC-32 and sizes
   * known: they go in the local header, so no data descriptor follows.
   */
  async addDeflated(name: string, known: { crc: number; size: number; compressed: number }, chunks: AsyncIterable<Buffer>): Promise<void> {
    if (known.size > LIMIT || known.compressed > LIMIT) throw new Error('a file of the archive would pass 4 GB, which this writer does not do');
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, date } = dosTime(this.now);
    const entry: Entry = { name: nameBytes, crc: known.crc >>> 0, compressed: known.compressed, size: known.size, offset: this.offset, time, date, flags: 0x0800 };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // the name is UTF-8; sizes are here
    head.writeUInt16LE(8, 8);
    head.writeUInt16LE(time, 10);
    head.writeUInt16LE(date, 12);
    head.writeUInt32LE(entry.crc, 14);
    head.writeUInt32LE(entry.compressed, 18);
    head.writeUInt32LE(entry.size, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    await this.put(Buffer.concat([head, nameBytes]));
    let written = 0;
    for await (const chunk of chunks) { written += chunk.length; await this.put(chunk); }
    if (written !== known.compressed) throw new Error(`${name}: ${written} bytes of deflated data, ${known.compressed} expected`);
    this.entries.push(entry);
  }

  /** Writes the central directory; the archive is whole after this. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) {
      const head = Buffer.alloc(46);
      head.writeUInt32LE(0x02014b50, 0);
      head.writeUInt16LE(20, 4); // made by: 2.0
      head.writeUInt16LE(20, 6);
      head.writeUInt16LE(entry.flags, 8);
      head.writeUInt16LE(8, 10);
      head.writeUInt16LE(entry.time, 12);
      head.writeUInt16LE(entry.date, 14);
      head.writeUInt32LE(entry.crc >>> 0, 16);
      head.writeUInt32LE(entry.compressed, 20);
      head.writeUInt32LE(entry.size, 24);
      head.writeUInt16LE(entry.name.length, 28);
      head.writeUInt32LE(entry.offset, 42);
      await this.put(Buffer.concat([head, entry.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.put(end);
  }
}
