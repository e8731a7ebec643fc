// The persisted content index, data/cache/content-index.bin: one header line (JSON: what made it, for
// which site, a checksum, the layout of the blocks), then the blocks (index-snapshot.ts). It is keyed by
// the code (code-fingerprint.ts), the settings and the content folder, and holds every file's stamps, so
// the freshness sweep can tell what changed since. One written by other code or under other settings is
// stale, one for another site or from a machine of the other byte order is foreign, one that does not read
// back whole is damaged: each is ignored, and the index is read from the files as before.
import { writeFileAtomicAsync } from '../lib/atomic-write.js';
import { readFileNoFollow } from '../lib/no-follow.js';
import { readFileUnmapped } from '../lib/unmapped-read.js';
import { codeFingerprint } from './code-fingerprint.js';
import { decodeSnapshot, encodeSnapshot, type IndexContents, type RestoredIndex, type SnapshotLayout } from './index-snapshot.js';
import { BYTE_ORDER } from './snapshot-blocks.js';
import type { SiteConfig } from './types.js';
const { createHash } = process.getBuiltinModule('node:crypto');
const { crc32 } = process.getBuiltinModule('node:zlib');
const { setImmediate } = process.getBuiltinModule('node:timers/promises');

const FORMAT = 'svc content index 1';
/** The longest the event loop is held at once while an index is encoded for writing. */
const SLICE_MS = 4;

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
}

export type IndexFileRead =
  | { index: RestoredIndex; ignored?: undefined }
  | { index?: undefined; ignored: 'missing' | 'stale' | 'foreign' | 'damaged'; reason: string };

/** The key of an index derived by this code under `site` from `contentDir`. */
export function indexFileKey(site: SiteConfig, contentDir: string): IndexFileKey {
  // The address the site is served at is set per process: it changes nothing stored.
  const settings = createHash('sha256').update(JSON.stringify({ ...site, url: '' })).digest('base64url');
  return { code: codeFingerprint(), settings, content: contentDir };
}

/** The index in `file` when it is valid for `key`, for a process whose clock says `now`. */
export function readIndexFile(file: string, key: IndexFileKey, site: SiteConfig, now: number): IndexFileRead {
  let bytes: Buffer;
  try {
    // Decoded and let go: read so that freeing it leaves malloc as it was (lib/unmapped-read.ts).
    bytes = readFileNoFollow(file, readFileUnmapped);
  } catch {
    return { ignored: 'missing', reason: 'there is none' };
  }
  const lineEnd = bytes.indexOf(10);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, lineEnd < 0 ? bytes.length : lineEnd)) as Header;
  } catch {
    return { ignored: 'damaged', reason: 'its header is not JSON' };
  }
  if (header?.format !== FORMAT || header.byteOrder !== BYTE_ORDER) return { ignored: 'foreign', reason: 'another version or machine wrote it' };
  if (header.content !== key.content) return { ignored: 'foreign', reason: 'it is the index of another site' };
  if (header.code !== key.code || header.settings !== key.settings) return { ignored: 'stale', reason: 'the code or the settings changed since' };
  // A status derived later than now (a clock set back) cannot be undone: a scheduled entry may show as published.
  if (!(header.derivedAt <= now)) return { ignored: 'stale', reason: 'it was made at a later time than now' };
  const blocks = bytes.subarray(lineEnd + 1);
  if (blocks.length !== header.length || checksumOf([blocks]) !== header.checksum) return { ignored: 'damaged', reason: 'its blocks do not match its checksum' };
  let index: RestoredIndex | string;
  try {
    index = decodeSnapshot(header.layout, blocks, key.content, site);
  } catch (error) {
    // Every part is checked before use; this is the net under those checks, so a bad file never stops a start.
    index = `it could not be read (${(error as Error).message})`;
  }
  return typeof index === 'string' ? { ignored: 'damaged', reason: index } : { index };
}

/**
 * Writes the index atomically; a failure rejects and leaves any previous file. The encoding and the checksum
 * run on the event loop a few milliseconds at a time, the writing off it: requests go on meanwhile.
 */
export async function writeIndexFile(file: string, key: IndexFileKey, contents: IndexContents, now: number): Promise<void> {
  const encoding = encodeSnapshot(contents);
  let sliceStart = performance.now();
  let step = encoding.next();
  while (!step.done) {
    if (performance.now() - sliceStart > SLICE_MS) { await setImmediate(); sliceStart = performance.now(); }
    step = encoding.next();
  }
  const { layout, bytes } = step.value;
  let sum = 0;
  let length = 0;
  for (const part of bytes) {
    sum = crcOn(part, sum);
    length += part.length;
    if (performance.now() - sliceStart > SLICE_MS) { await setImmediate(); sliceStart = performance.now(); }
  }
  const header: Header = { format: FORMAT, byteOrder: BYTE_ORDER, ...key, derivedAt: now, checksum: checksumText(sum), length, layout };
  let line = JSON.stringify(header);
  // The blocks start at a multiple of 8 bytes into the file, so they can be read in place as float64.
  const size = Buffer.byteLength(line) + 1;
  line += ' '.repeat((8 - (size % 8)) % 8) + '\n';
  await writeFileAtomicAsync(file, [Buffer.from(line), ...bytes], 0o600);
}

function checksumOf(parts: readonly Uint8Array[]): string {
  let sum = 0;
  for (const part of parts) sum = crcOn(part, sum);
  return checksumText(sum);
}

/** Node 20's zlib.crc32 answers 0 for a view on an empty ArrayBuffer, whatever the sum so far. */
function crcOn(part: Uint8Array, sum: number): number {
  return part.length === 0 ? sum : crc32(part, sum);
}

function checksumText(sum: number): string {
  return `crc32:${sum.toString(16).padStart(8, '0')}`;
}
