// The persisted content index, data/cache/content-index.bin: one header line (JSON: what made it, for
// which site, a checksum, the layout of the blocks; padded with spaces to the room the writer left for it),
// then the blocks (index-snapshot.ts). It is keyed by the code (code-fingerprint.ts), the settings and the
// content folder, and holds every file's stamps, so the freshness sweep can tell what changed since. One
// written by other code or under other settings is stale, one for another site or from a machine of the
// other byte order is foreign, one that does not read back whole is damaged: each is ignored, and the
// index is read from the files as before.
import { writeFileAtomicAsync, type WriteAt } from '../../lib/atomic-write.js';
import { openNoFollow } from '../../lib/no-follow.js';
import { codeFingerprint } from './code-fingerprint.js';
import { decodeSnapshot, encodeSnapshot, type IndexContents, type RestoredIndex, type SnapshotLayout } from './index-snapshot.js';
import { BlockWriter, BYTE_ORDER } from './snapshot-blocks.js';
import { readBlocks } from './snapshot-read.js';
import type { SiteConfig } from '../entries/types.js';
import { createHash } from '../../lib/node-builtins.js';
import { crc32 } from 'node:zlib';
import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

const FORMAT = 'svc content index 1';
/** The longest the event loop is held at once while an index is encoded for writing. */
const SLICE_MS = 4;
/** The header line is read this much at a time (some 7 KB at 100,000 entries; more with many tags). */
const HEADER_CHUNK = 64 * 1024;

export interface IndexFileKey {
  /** The code that derives the index (code-fingerprint.ts). */
  code: string;
  /** The settings it was derived under. */
  settings: string;
  /** The absolute content folder. */
  content: string;
}

interface Header extends IndexFileKey {
  format: string;
  byteOrder: string;
  /** The clock's time when it was written: statuses that depend on time were derived then. */
  derivedAt: number;
  /**
   * CRC-32 of the blocks (hex): it finds a file cut short or changed by accident, which is what it is for
   * (one who can write data/cache can write a matching sum too), in a third of sha256's time (8 ms for
   * the 38 MB of a 100,000-entry index, which a stdio session's first answer waits for).
   */
  checksum: string;
  length: number;
  layout: SnapshotLayout;
  /** The last change feed event the index holds (0: none known). */
  feedSeq?: number;
}

export type IndexFileRead =
  | { index: RestoredIndex; ignored?: undefined; feedSeq: number | null }
  | { index?: undefined; ignored: 'missing' | 'stale' | 'foreign' | 'damaged'; reason: string };

/** The key of an index derived by this code under `site` from `contentDir`. */
export function indexFileKey(site: SiteConfig, contentDir: string): IndexFileKey {
  // The address the site is served at is set per process: it changes nothing stored.
  const settings = createHash('sha256').update(JSON.stringify({ ...site, url: '' })).digest('base64url');
  return { code: codeFingerprint(), settings, content: contentDir };
}

/** The index in `file` when it is valid for `key`, for a process whose clock says `now`. */
export function readIndexFile(trusted: TrustedFolders, file: string, key: IndexFileKey, site: SiteConfig, now: number): IndexFileRead {
  let fd: number;
  try {
    fd = openNoFollow(trusted, file, constants.O_RDONLY);
  } catch {
    return { ignored: 'missing', reason: 'there is none' };
  }
  try {
    const stats = fstatSync(fd);
    return stats.isFile() ? readOpenIndexFile(trusted, fd, stats.size, key, site, now) : { ignored: 'missing', reason: 'there is none' };
  } finally {
    closeSync(fd);
  }
}

/** The header first: a stale or foreign file is not read further; the blocks one at a time (snapshot-read.ts). */
function readOpenIndexFile(trusted: TrustedFolders, fd: number, size: number, key: IndexFileKey, site: SiteConfig, now: number): IndexFileRead {
  const { text, blocksAt } = readHeaderLine(fd, size);
  let header: Header;
  try {
    header = JSON.parse(text) as Header;
  } catch {
    return { ignored: 'damaged', reason: 'its header is not JSON' };
  }
  if (header?.format !== FORMAT || header.byteOrder !== BYTE_ORDER) return { ignored: 'foreign', reason: 'another version or machine wrote it' };
  if (header.content !== key.content) return { ignored: 'foreign', reason: 'it is the index of another site' };
  if (header.code !== key.code || header.settings !== key.settings) return { ignored: 'stale', reason: 'the code or the settings changed since' };
  // A status derived later than now (a clock set back) cannot be undone: a scheduled entry may show as published.
  if (!(header.derivedAt <= now)) return { ignored: 'stale', reason: 'it was made at a later time than now' };
  if (size - blocksAt !== header.length) return { ignored: 'damaged', reason: 'its blocks do not match its checksum' };
  let index: RestoredIndex | string;
  try {
    let sum = 0;
    const reader = readBlocks(fd, blocksAt, header.length, header.layout?.blocks, (bytes) => { sum = crcOn(bytes, sum); });
    // Nothing read is taken before the sum of every byte is known to match.
    if (reader && checksumText(sum) !== header.checksum) return { ignored: 'damaged', reason: 'its blocks do not match its checksum' };
    index = reader ? decodeSnapshot(trusted, header.layout, reader, key.content, site) : 'its blocks do not fit its layout';
  } catch (error) {
    // Every part is checked before use; this is the net under those checks, so a bad file never stops a start.
    index = `it could not be read (${(error as Error).message})`;
  }
  if (typeof index === 'string') return { ignored: 'damaged', reason: index };
  return { index, feedSeq: Number.isSafeInteger(header.feedSeq) && header.feedSeq! > 0 ? header.feedSeq! : null };
}

/** The header line's text and where the blocks start after it (the file's end when it has no line end). */
function readHeaderLine(fd: number, size: number): { text: string; blocksAt: number } {
  const parts: Buffer[] = [];
  for (let position = 0; position < size;) {
    const chunk = Buffer.allocUnsafe(Math.min(HEADER_CHUNK, size - position));
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    const lineEnd = chunk.subarray(0, read).indexOf(10);
    if (lineEnd >= 0) {
      parts.push(chunk.subarray(0, lineEnd));
      return { text: Buffer.concat(parts).toString('utf8'), blocksAt: position + lineEnd + 1 };
    }
    parts.push(chunk.subarray(0, read));
    position += read;
  }
  return { text: Buffer.concat(parts).toString('utf8'), blocksAt: size };
}

/** Room left for the header line before the blocks at first: it is some 7 KB at 100,000 entries. */
const HEADER_ROOM = 16 * 1024;
/** The room the next write leaves: more once a header outgrew it (many tags or lists). */
let headerRoom = HEADER_ROOM;

/** A header longer than the room left for it: the file is made again with `room`. */
class HeaderOutgrewRoom extends Error {
  constructor(readonly room: number) {
    super('the index header outgrew the room left for it');
  }
}

/**
 * Writes the index atomically; a failure rejects and leaves any previous file. The encoding and the checksum
 * run on the event loop a few milliseconds at a time, the writing off it: requests go on meanwhile. Each
 * block is written as soon as it is encoded, after room left for the header, which names every block's
 * place and their checksum and so is written last. Held until the end, the 38 MB of blocks of a
 * 100,000-entry index took resident memory from 172 to 248 MB for the ten seconds after each write; so,
 * to 227 MB.
 */
export async function writeIndexFile(trusted: TrustedFolders, file: string, key: IndexFileKey, contents: IndexContents, now: number, room = headerRoom): Promise<number> {
  let bytes = 0;
  try {
    await writeFileAtomicAsync(trusted, file, async (writeAt) => { bytes = await writeBlocksThenHeader(writeAt, key, contents, now, room); }, 0o600);
    return bytes;
  } catch (error) {
    if (!(error instanceof HeaderOutgrewRoom)) throw error;
    headerRoom = Math.max(headerRoom, error.room);
    return writeIndexFile(trusted, file, key, contents, now, error.room);
  }
}

/** The blocks from `room` on as they are encoded, then the header line at the start, padded to `room`; the file's length. */
async function writeBlocksThenHeader(writeAt: WriteAt, key: IndexFileKey, contents: IndexContents, now: number, room: number): Promise<number> {
  const writer = new BlockWriter();
  const encoding = encodeSnapshot(contents, writer);
  let position = room;
  let sum = 0;
  let sliceStart = performance.now();
  const writeEncoded = async () => {
    const parts = writer.take();
    for (const part of parts) {
      sum = crcOn(part, sum);
      await writeAt(part, position);
      position += part.length;
    }
    // A write lets the event loop run: the slice starts anew.
    if (parts.length > 0) sliceStart = performance.now();
    else if (performance.now() - sliceStart > SLICE_MS) { await setImmediate(); sliceStart = performance.now(); }
  };
  let step = encoding.next();
  while (!step.done) {
    await writeEncoded();
    step = encoding.next();
  }
  await writeEncoded();
  const header: Header = { format: FORMAT, byteOrder: BYTE_ORDER, ...key, derivedAt: now, checksum: checksumText(sum), length: position - room, layout: step.value, feedSeq: contents.feedSeq ?? 0 };
  const text = Buffer.from(JSON.stringify(header));
  // The blocks start at a multiple of 8 bytes into the file, so they can be read in place as float64.
  if (text.length + 1 > room) throw new HeaderOutgrewRoom(Math.ceil((text.length * 1.25 + 1) / 8) * 8);
  const line = Buffer.alloc(room, ' ');
  text.copy(line);
  line[room - 1] = 0x0a;
  await writeAt(line, 0);
  return position;
}

/** zlib.crc32 of Node 20 and 22.13 answers 0 for a view on an empty ArrayBuffer, whatever the sum so far (24 does not). */
function crcOn(part: Uint8Array, sum: number): number {
  return part.length === 0 ? sum : crc32(part, sum);
}

function checksumText(sum: number): string {
  return `crc32:${sum.toString(16).padStart(8, '0')}`;
}
