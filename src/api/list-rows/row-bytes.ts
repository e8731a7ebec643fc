// Where the bytes of the Content API's kept list rows live (packed-rows.ts): a few fixed-size regions
// ("places"), each in memory or at its offset in a file of the process's own. In a file, the rows are in
// the kernel's page cache, not in the process: at 100,000 posts the rows a busy site is asked for take
// some 20 MB, which in memory were a seventh of the server's resident memory for ever, and which the page
// cache keeps while memory is plentiful and gives back under pressure (a row then costs a read from disk,
// not the process). A read of a kept row is one pread of a few hundred bytes, and the rows of one answer,
// made one after the other, are mostly read in one.
import { join } from 'node:path';
import { closeNow, closeWhenCollected, readAt } from '../../process-tuning/kept-descriptor.js';
import { closeSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';

export interface RowBytes {
  /** Writes `bytes` at `position` (a place's offset and the offset inside it). */
  write(bytes: Uint8Array, position: number): void;
  /** Reads `length` bytes at `position` into `target` at `offset`. */
  read(target: Uint8Array, offset: number, length: number, position: number): void;
  close(): void;
}

/** The places in memory: one buffer each, made when first written. */
export class MemoryRowBytes implements RowBytes {
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

/** The places in a file no other process opens, removed from its folder as soon as it is open. */
export class FileRowBytes implements RowBytes {
  private constructor(private fd: number | null) {
    // A cache let go without close() (a server built and dropped in a test) does not keep its descriptor.
    if (fd !== null) closeWhenCollected(this, fd);
  }

  /**
   * A new file in `folder` (made if missing), or null where a file that is open cannot be removed (Windows):
   * it would be left behind by a process that ends without closing it.
   */
  static create(folder: string): FileRowBytes | null {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    // Instances on other machines may share the folder (DESIGN.md section 6) and have the same process id.
    const path = join(folder, `list-rows-${process.pid}-${++made}-${Math.random().toString(36).slice(2, 10)}.tmp`);
    const fd = openSync(path, 'wx+', 0o600);
    try {
      unlinkSync(path);
    } catch {
      closeSync(fd);
      try { unlinkSync(path); } catch { /* removed meanwhile */ }
      return null;
    }
    return new FileRowBytes(fd);
  }

  write(bytes: Uint8Array, position: number): void {
    for (let done = 0; done < bytes.length;) done += writeSync(this.open(), bytes, done, bytes.length - done, position + done);
  }

  read(target: Uint8Array, offset: number, length: number, position: number): void {
    // Past the end: never written (a place's gap between records); what was asked for is written first.
    readAt(this.open(), target, offset, length, position);
  }

  close(): void {
    if (this.fd !== null) closeNow(this, this.fd);
    this.fd = null;
  }

  private open(): number {
    if (this.fd === null) throw new Error('the list rows file is closed');
    return this.fd;
  }
}

/**
 * The row bytes as packed-rows.ts uses them: made where `make` says (memory when it says nothing) when
 * first written, as most processes never answer a list, and in memory from the moment the file cannot be
 * made or written (a full disk), said once each.
 */
export class RowStore {
  private bytes: RowBytes | null = null;

  constructor(private readonly placeBytes: number, private readonly make?: (placeBytes: number) => RowBytes | null, private readonly log?: (line: string) => void) {}

  read(target: Uint8Array, offset: number, length: number, position: number): void {
    this.opened().read(target, offset, length, position);
  }

  /** Writes `bytes` at `position`; false when that failed and the bytes are in memory from now on, empty. */
  write(bytes: Uint8Array, position: number): boolean {
    const where = this.opened();
    try {
      where.write(bytes, position);
      return true;
    } catch (error) {
      if (where instanceof MemoryRowBytes) throw error;
      this.log?.(`list rows: kept in memory from now on, as their file could not be written (${codeOf(error)})`);
      where.close();
      this.bytes = new MemoryRowBytes(this.placeBytes);
      return false;
    }
  }

  close(): void {
    this.bytes?.close();
    this.bytes = null;
  }

  private opened(): RowBytes {
    if (this.bytes !== null) return this.bytes;
    try {
      return (this.bytes = this.make?.(this.placeBytes) ?? new MemoryRowBytes(this.placeBytes));
    } catch (error) {
      this.log?.(`list rows: kept in memory, as their file could not be made (${codeOf(error)})`);
      return (this.bytes = new MemoryRowBytes(this.placeBytes));
    }
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? 'error';

/** Files made by this process, so that two caches in one process never share a name. */
let made = 0;
