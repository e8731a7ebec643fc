// Texts of the persisted index that are read a few at a time (a translation's title, publishing time,
// event start, review note) are left in the index's file and read from it when asked for, one pread each:
// at 100,000 posts they were 8.3 MB of characters held in memory for good, for a few reads a page. The file
// is only ever replaced (index-file.ts writes a new one and renames it over the old), never changed in
// place, so the descriptor kept open reads the very bytes the index was made from, whatever is written
// after; the old file's space is given back once its columns are let go and the descriptor with them.
import { closeWhenCollected, readAt } from '../../process-tuning/kept-descriptor.js';

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
    closeWhenCollected(this, this.fd);
  }
}

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
/**
 * How many whileScanning calls are under way (they may nest), and the columns read whole for them: one
 * state per process, as a module may be loaded twice in one (tsx's require of an ES module, in the tests).
 */
const scans = ((globalThis as Record<symbol, unknown>)[Symbol.for('svc.file-texts.scans')] ??= { depth: 0, readWhole: new Set() }) as {
  depth: number; readWhole: Set<{ letGo(): void }>;
};

/**
 * Runs `scan`, which reads thousands of texts (a search through a list's titles, query.ts; the schedule's
 * pass over every entry; the persisted index's writer): each column it reads is read whole, once, and let
 * go when it ends. One read each made such a pass some ten times slower.
 */
export function whileScanning<T>(scan: () => T): T {
  scans.depth++;
  try {
    return scan();
  } finally {
    if (--scans.depth === 0) {
      for (const column of scans.readWhole) column.letGo();
      scans.readWhole.clear();
    }
  }
}

/** The steps of `steps`, each run as whileScanning runs a scan. */
export function* scanningSteps<T, R>(steps: Generator<T, R>): Generator<T, R> {
  for (;;) {
    const step = whileScanning(() => steps.next());
    if (step.done) return step.value;
    yield step.value;
  }
}

/** Texts of a column whose characters are in the file: row n's as TextColumn's starts say (snapshot-blocks.ts). */
export class FileTextColumn {
  /** The whole run, while a scan is under way (decoded a text at a time: a slice of one string would keep it). */
  private whole: Buffer | null = null;

  constructor(private readonly chars: CharsInFile, private readonly starts: Int32Array) {}

  at(row: number): string | null {
    const start = this.starts[row]!;
    if (start < 0) return null;
    const next = this.starts[row + 1]!;
    const end = next < 0 ? ~next : next;
    const { kind } = this.chars;
    const width = kind === 'latin1' ? 1 : 2;
    if (scans.depth > 0 && this.whole === null) {
      this.whole = Buffer.allocUnsafeSlow(this.chars.length * width);
      this.read(this.whole, 0);
      scans.readWhole.add(this);
    }
    if (this.whole !== null) return this.whole.toString(kind, start * width, end * width);
    const bytes = (end - start) * width;
    if (bytes === 0) return '';
    if (scratch.length < bytes) scratch = Buffer.allocUnsafeSlow(Math.max(bytes, scratch.length * 2));
    this.read(scratch.subarray(0, bytes), start * width);
    return scratch.toString(kind, 0, bytes);
  }

  /** The scan is over: the whole run is let go. */
  letGo(): void {
    this.whole = null;
  }

  /** Fills `into` with the run's bytes from `from` on. */
  private read(into: Buffer, from: number): void {
    const read = readAt(this.chars.file.fd, into, 0, into.length, this.chars.position + from);
    if (read < into.length) throw new Error('the persisted index file ended before a text it holds');
  }
}
