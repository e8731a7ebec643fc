// Text deflated into a temporary file as it comes, with its CRC-32 and sizes: so several files of an archive
// can be made in one pass over their source (each day read once) and then put into the archive one after
// another (zip-writer.ts addDeflated), in constant memory.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

export class DeflatedTempFile {
  crc = 0;
  size = 0;
  compressed = 0;
  private pending = '';
  private readonly deflate: DeflateRaw;
  private readonly file: WriteStream;
  private failure: Error | null = null;

  constructor(readonly path: string) {
    this.deflate = createDeflateRaw({ level: 6 });
    this.file = createWriteStream(path, { mode: 0o600 });
    this.deflate.on('data', (chunk: Buffer) => { this.compressed += chunk.length; });
    this.deflate.on('error', (error) => { this.failure = error; });
    this.file.on('error', (error) => { this.failure = error; });
    this.deflate.pipe(this.file);
  }

  /** Adds text; waits when the disk is behind (pieces are gathered to about 64 KB first). */
  async write(text: string): Promise<void> {
    this.pending += text;
    if (this.pending.length >= 65_536) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.pending) return;
    const bytes = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (!this.deflate.write(bytes)) await new Promise<void>((resolve) => this.deflate.once('drain', resolve));
  }

  /** Ends the file; its sizes and CRC are final after this. */
  async close(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.file.once('finish', resolve);
      this.file.once('error', reject);
      this.deflate.end();
    });
    if (this.failure) throw this.failure;
  }

  /** The deflated bytes, read back in pieces. */
  chunks(): AsyncIterable<Buffer> {
    return createReadStream(this.path, { highWaterMark: 256 * 1024 });
  }
}
