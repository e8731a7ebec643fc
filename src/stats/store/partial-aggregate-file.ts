import { crc32 } from 'node:zlib';
import { endianness } from 'node:os';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { readFileNoFollow } from '../../lib/no-follow.js';
import type { DayState } from './day-aggregator.js';
import { VISIT_GAP_MS } from './visit-tracker.js';
import { READ_MIN_MS, READ_MIN_SCROLL } from './engagement-table.js';
import { isLogMark, type LogMark } from './tail-reader.js';
import type { Column } from './columns.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

// The partial aggregate of the open day (`partial/YYYY-MM-DD.bin`): what a process had counted of the day's
// raw and bot logs, and up to which byte of each, so the next process reads only what came after. Layout:
// a magic line, the header's length (4 bytes, little-endian), the header (JSON), then the body: the small
// tables as JSON and the typed-array columns as their bytes, in the order the header lists them. The body
// and every column start at a multiple of 8 bytes, so a reader can use the columns where they lie in the
// bytes read, without copying them. The header carries a CRC-32 of the body and the byte order; anything
// that does not add up makes the file ignored.

const MAGIC = Buffer.from('svc stats partial aggregate\n', 'latin1');
/** Raise when the counting changes: an aggregate counted by other rules must be counted again. */
const FORMAT = 3;
const RULES = [VISIT_GAP_MS, READ_MIN_MS, READ_MIN_SCROLL];
/** The longest header read: far above a real one (about 1 KB), so a damaged length cannot ask for much. */
const MAX_HEADER = 1 << 20;
const ALIGN = 8;
const padded = (length: number) => Math.ceil(length / ALIGN) * ALIGN;

const TYPES = { i32: Int32Array, f64: Float64Array, u16: Uint16Array, u8: Uint8Array } as const;
type TypeName = keyof typeof TYPES;
const typeOf = (column: Column): TypeName => (column instanceof Int32Array ? 'i32' : column instanceof Float64Array ? 'f64' : column instanceof Uint16Array ? 'u16' : 'u8');

export interface PartialHeader {
  format: number; rules: number[]; endianness: string; day: string; timeZone: string;
  raw: LogMark; bots: LogMark;
  tablesLength: number; columns: [name: string, type: TypeName, length: number][]; crc: number;
}

export interface PartialAggregate { raw: LogMark; bots: LogMark; state: DayState }

/** Writes a day's partial aggregate atomically (readers see the old file or the new one), readable by its owner only. */
export function writePartialAggregate(trusted: TrustedFolders, path: string, where: { day: string; timeZone: string; raw: LogMark; bots: LogMark }, state: DayState): void {
  const tables = Buffer.from(JSON.stringify(state.tables), 'utf8');
  const columns = Object.entries(state.columns);
  // Padding is spaces after the JSON texts and zeros after the columns.
  const body = Buffer.alloc(padded(tables.length) + columns.reduce((sum, [, column]) => sum + padded(column.byteLength), 0), 0);
  body.fill(0x20, 0, padded(tables.length));
  tables.copy(body, 0);
  let at = padded(tables.length);
  for (const [, column] of columns) {
    body.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), at);
    at += padded(column.byteLength);
  }
  const header: PartialHeader = {
    format: FORMAT, rules: RULES, endianness: endianness(), day: where.day, timeZone: where.timeZone, raw: where.raw, bots: where.bots,
    tablesLength: padded(tables.length), columns: columns.map(([name, column]) => [name, typeOf(column), column.length]), crc: crc32(body),
  };
  const json = JSON.stringify(header);
  const headerBytes = Buffer.alloc(padded(MAGIC.length + 4 + Buffer.byteLength(json)) - MAGIC.length - 4, 0x20);
  headerBytes.write(json, 0, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  writeFileAtomic(trusted, path, Buffer.concat([MAGIC, length, headerBytes, body]), 0o600);
}

function parseHeader(bytes: Buffer, expect: { day: string; timeZone: string }): { header: PartialHeader; bodyStart: number } | null {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const length = bytes.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (length > MAX_HEADER || start + length > bytes.length) return null;
  let header: PartialHeader;
  try { header = JSON.parse(bytes.subarray(start, start + length).toString('utf8')) as PartialHeader; } catch { return null; }
  if (!header || header.format !== FORMAT || JSON.stringify(header.rules) !== JSON.stringify(RULES) || header.endianness !== endianness()) return null;
  if (header.day !== expect.day || header.timeZone !== expect.timeZone || !isLogMark(header.raw) || !isLogMark(header.bots)) return null;
  return { header, bodyStart: start + length };
}

/**
 * The partial aggregate of `expect.day` counted in `expect.timeZone` by these rules, or null when the file
 * is missing, damaged (CRC, lengths), foreign (another day, zone or format) or cut short. The log marks
 * are checked against the logs by the caller.
 */
export function readPartialAggregate(trusted: TrustedFolders, path: string, expect: { day: string; timeZone: string }): PartialAggregate | null {
  let bytes: Buffer;
  try { bytes = readFileNoFollow(trusted, path); } catch { return null; }
  return decodePartialAggregate(bytes, expect);
}

/** readPartialAggregate on bytes read already (the server reads them without blocking, see StatsService.warmUp). */
export function decodePartialAggregate(bytes: Buffer, expect: { day: string; timeZone: string }): PartialAggregate | null {
  const parsed = parseHeader(bytes, expect);
  if (!parsed) return null;
  const { header, bodyStart } = parsed;
  const body = bytes.subarray(bodyStart);
  if (!Number.isSafeInteger(header.tablesLength) || header.tablesLength < 0 || !Array.isArray(header.columns)) return null;
  let size = header.tablesLength;
  for (const entry of header.columns) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Object.hasOwn(TYPES, entry[1]) || !Number.isSafeInteger(entry[2]) || entry[2] < 0) return null;
    size += padded(entry[2] * TYPES[entry[1]].BYTES_PER_ELEMENT);
  }
  if (size !== body.length || crc32(body) !== header.crc) return null;
  let tables: DayState['tables'];
  try { tables = JSON.parse(body.subarray(0, header.tablesLength).toString('utf8')) as DayState['tables']; } catch { return null; }
  const columns: Record<string, Column> = Object.create(null) as Record<string, Column>;
  const buffer = body.buffer as ArrayBuffer;
  let at = body.byteOffset + header.tablesLength;
  for (const [name, type, length] of header.columns) {
    const Type = TYPES[type];
    // Where the bytes read lie aligned (they do when read whole into their own buffer), the column is a
    // view on them: no copy. A column that grows later is copied then, and the bytes go when none is left.
    const column = at % Type.BYTES_PER_ELEMENT === 0 ? new Type(buffer, at, length) : new Type(buffer.slice(at, at + length * Type.BYTES_PER_ELEMENT));
    at += padded(column.byteLength);
    columns[name] = column;
  }
  return { raw: header.raw, bots: header.bots, state: { tables, columns } };
}
