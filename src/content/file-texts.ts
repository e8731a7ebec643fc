// Texts of the persisted index that are read seldom (a translation's publishing time, its event's start,
// its review note) are left in the index's file and read from it when asked for, one pread each: at
// 100,000 posts they were 3.4 MB of characters held in memory for good, for a few reads a page. The file
// is only ever replaced (index-file.ts writes a new one and renames it over the old), never changed in
// place, so the descriptor kept open reads the very bytes the index was made from, whatever is written
// after; the old file's space is given back once its columns are let go and the descriptor with them.
const { closeSync, readSync } = process.getBuiltinModule('node:fs');

/** The open index file, while columns read from it are alive (then closed when they are collected). */
export class KeptFile {
  /** Whether columns read from the file were handed out: the file stays open for them. */
  private kept = false;

  constructor(readonly fd: number) {}

  get isKept(): boolean {
    return this.kept;
  }

  /** The columns handed out need the file: it is closed once nothing refers to this object any more. */
  keep(): void {
    if (this.kept) return;
    this.kept = true;
    descriptors.register(this, this.fd);
  }
}

const descriptors = new FinalizationRegistry<number>((fd) => {
  try { closeSync(fd); } catch { /* closed already */ }
});

/** Where a run of characters is in a kept file. */
export interface CharsInFile {
  file: KeptFile;
  /** The run's first byte in the file. */
  position: number;
  /** Characters in the run. */
  length: number;
  kind: 'latin1' | 'utf16le';
}

/** Read into, then decoded from; grown to the longest text asked for. */
let scratch = Buffer.allocUnsafeSlow(1024);

/** Texts of a column whose characters are in the file: row n's as TextColumn's starts say (snapshot-blocks.ts). */
export class FileTextColumn {
  constructor(private readonly chars: CharsInFile, private readonly starts: Int32Array) {}

  at(row: number): string | null {
    const start = this.starts[row]!;
    if (start < 0) return null;
    const next = this.starts[row + 1]!;
    const end = next < 0 ? ~next : next;
    const width = this.chars.kind === 'latin1' ? 1 : 2;
    const bytes = (end - start) * width;
    if (bytes === 0) return '';
    if (scratch.length < bytes) scratch = Buffer.allocUnsafeSlow(Math.max(bytes, scratch.length * 2));
    for (let done = 0; done < bytes;) {
      const read = readSync(this.chars.file.fd, scratch, done, bytes - done, this.chars.position + start * width + done);
      if (read === 0) throw new Error('the persisted index file ended before a text it holds');
      done += read;
    }
    return scratch.toString(this.chars.kind, 0, bytes);
  }
}
