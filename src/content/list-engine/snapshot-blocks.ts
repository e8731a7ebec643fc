// Named blocks of binary columns for the persisted index (index-snapshot.ts): numbers as float64, whole
// numbers as int32, texts as their lengths plus all their characters in one run (latin1 when every
// character fits in a byte, else UTF-16, so every string comes back exactly). Loading a block is a copy of
// the file's bytes, not a parse (snapshot-read.ts); a reader checks every block's values before handing it out.
import { endianness } from 'node:os';

export interface BlockInfo {
  name: string;
  kind: 'f64' | 'i32' | 'latin1' | 'utf16le';
  /** Values in the block (characters for a text run). */
  count: number;
  /** Byte offset from the start of the blocks; a multiple of 8. */
  offset: number;
}

/** Typed arrays are written as the machine holds them: a file from a machine of the other byte order is foreign. */
export const BYTE_ORDER = endianness();

const WIDTH = { f64: 8, i32: 4, latin1: 1, utf16le: 2 } as const;
// eslint-disable-next-line no-control-regex
const NOT_LATIN1 = /[^\u0000-\u00ff]/;
/** Texts written between two pauses: a few milliseconds of work. */
const TEXT_ROWS_AT_ONCE = 16_384;

export class BlockWriter {
  readonly blocks: BlockInfo[] = [];
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  // Each column is filled row by row from `valueAt` into its block: made as an array of values first (and
  // texts joined into one string), a column of 200,000 rows left megabytes of garbage in V8's large-object
  // space, which only a full collection frees: some 20 MB more resident memory while an index was written.

  /** A column of `count` numbers (float64): row n's is valueAt(n). */
  numbers(name: string, count: number, valueAt: (row: number) => number): void {
    const values = new Float64Array(count);
    for (let row = 0; row < count; row++) values[row] = valueAt(row);
    this.add(name, 'f64', count, new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  }

  /** A column of `count` whole numbers (int32): row n's is valueAt(n). */
  integers(name: string, count: number, valueAt: (row: number) => number): void {
    const values = new Int32Array(count);
    for (let row = 0; row < count; row++) values[row] = valueAt(row);
    this.integerArray(name, values);
  }

  /** A column of whole numbers already in an Int32Array (taken as it is, not copied). */
  integerArray(name: string, values: Int32Array): void {
    this.add(name, 'i32', values.length, new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  }

  /**
   * `count` texts (null allowed), row n's being valueAt(n), asked for twice: their lengths (-1 for null) as
   * `<name>`, their characters as `<name>.chars`. Pauses (yield) every TEXT_ROWS_AT_ONCE rows.
   */
  *texts(name: string, count: number, valueAt: (row: number) => string | null): Generator<void> {
    const lengths = new Int32Array(count);
    let chars = 0;
    let wide = false;
    for (let row = 0; row < count; row++) {
      const value = valueAt(row);
      lengths[row] = value === null ? -1 : value.length;
      if (value !== null) {
        chars += value.length;
        wide ||= NOT_LATIN1.test(value);
      }
      if (row % TEXT_ROWS_AT_ONCE === TEXT_ROWS_AT_ONCE - 1) yield;
    }
    this.integerArray(name, lengths);
    const kind = wide ? 'utf16le' : 'latin1';
    const bytes = Buffer.allocUnsafeSlow(chars * WIDTH[kind]);
    let at = 0;
    for (let row = 0; row < count; row++) {
      const value = valueAt(row);
      if (value) at += bytes.write(value, at, kind);
      if (row % TEXT_ROWS_AT_ONCE === TEXT_ROWS_AT_ONCE - 1) yield;
    }
    if (at !== bytes.length) throw new Error(`the texts of ${name} changed while they were written`);
    this.add(`${name}.chars`, kind, chars, bytes);
  }

  /**
   * The blocks' bytes added since the last call, in order, each padded to a multiple of 8 bytes: a caller
   * that writes them as they come (index-file.ts) holds one block or two at a time, not the whole index.
   */
  take(): Uint8Array[] {
    return this.parts.splice(0);
  }

  private add(name: string, kind: BlockInfo['kind'], count: number, bytes: Uint8Array): void {
    this.blocks.push({ name, kind, count, offset: this.size });
    this.parts.push(bytes);
    this.size += bytes.length;
    const pad = (8 - (bytes.length % 8)) % 8;
    if (pad) { this.parts.push(new Uint8Array(pad)); this.size += pad; }
  }
}

/**
 * A block as read (snapshot-read.ts): its numbers in an array of its own, its characters as one string.
 */
export interface ReadBlock {
  info: BlockInfo;
  value: Float64Array | Int32Array | string;
}

/** The width of a value of `kind` in bytes, or undefined for a kind this code does not write. */
export function widthOf(kind: unknown): number | undefined {
  return typeof kind === 'string' && Object.hasOwn(WIDTH, kind) ? WIDTH[kind as BlockInfo['kind']] : undefined;
}

export class BlockReader {
  /** The blocks read, by name (each owns its array: nothing refers to the file's bytes). */
  constructor(private readonly byName: ReadonlyMap<string, ReadBlock>) {}

  /** `count` finite numbers, or undefined when the block is missing, of another kind or size, or holds NaN. */
  numbers(name: string, count: number): Float64Array | undefined {
    const values = this.view(name, 'f64', count) as Float64Array | undefined;
    if (values) for (let at = 0; at < count; at++) if (!Number.isFinite(values[at]!)) return undefined;
    return values;
  }

  /** `count` whole numbers from `min` to `max` (inclusive), or undefined. */
  integers(name: string, count: number, min: number, max: number): Int32Array | undefined {
    const values = this.view(name, 'i32', count) as Int32Array | undefined;
    if (values) for (let at = 0; at < count; at++) if (values[at]! < min || values[at]! > max) return undefined;
    return values;
  }

  /**
   * `count` texts (null where allowed) kept as one string, each sliced out when asked for (TextColumn): at
   * 200,000 translations, a string object per title is 6 MB the index need not hold. Undefined like texts().
   */
  textColumn(name: string, count: number, nullable: boolean): TextColumn | undefined {
    const chars = this.chars(name);
    if (typeof chars !== 'string') return undefined;
    const starts = this.starts(name, count, nullable, chars.length);
    return starts && new TextColumn(chars, starts);
  }

  /** Where each of `count` texts starts among `total` characters (TextColumn's starts), or undefined. */
  private starts(name: string, count: number, nullable: boolean, total: number): Int32Array | undefined {
    const lengths = this.integers(name, count, nullable ? -1 : 0, 0x3fffffff);
    if (!lengths) return undefined;
    const starts = new Int32Array(count + 1);
    let at = 0;
    for (let row = 0; row < count; row++) {
      const length = lengths[row]!;
      starts[row] = length < 0 ? ~at : at;
      at += Math.max(0, length);
      if (at > 0x3fffffff) return undefined;
    }
    starts[count] = at;
    return at === total ? starts : undefined;
  }

  /** The characters of the texts `name` (block `<name>.chars`), or undefined. */
  private chars(name: string): string | undefined {
    const block = this.byName.get(`${name}.chars`);
    return block && (block.info.kind === 'latin1' || block.info.kind === 'utf16le') && !ArrayBuffer.isView(block.value) ? block.value : undefined;
  }

  private view(name: string, kind: 'f64' | 'i32', count: number): Float64Array | Int32Array | undefined {
    const block = this.byName.get(name);
    if (!block || block.info.kind !== kind || block.info.count !== count || !ArrayBuffer.isView(block.value)) return undefined;
    return block.value;
  }
}

/** Texts in one string: row n runs from starts[n] to the start of row n + 1; a null row's start is stored as ~start. */
export class TextColumn {
  constructor(readonly chars: string, readonly starts: Int32Array) {}

  at(row: number): string | null {
    const start = this.starts[row]!;
    if (start < 0) return null;
    const next = this.starts[row + 1]!;
    return this.chars.slice(start, next < 0 ? ~next : next);
  }
}
