// The change feed's files: `data/feed/changes-<first seq, 16 digits>.ndjson`, each a header line and then one
// event a line (change-event.ts). A segment ends when it reaches SEGMENT_BYTES: its last line then names the
// next one (`{"next":<first seq>}`), so a reader moves on without listing the folder.
import { isTempFileName } from '../lib/atomic-write.js';
import { listFolderNoFollow, openNoFollow } from '../lib/no-follow.js';
import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { isSeq } from './change-event.js';

/** The format readers of this code understand; a segment of a higher version is left alone. */
export const FEED_VERSION = 1;
export const FEED_NAME = 'svc changes';
/** A segment is closed and a new one begun past this size. */
export const SEGMENT_BYTES = 4 * 1024 * 1024;

const PREFIX = 'changes-';
const SUFFIX = '.ndjson';
const DIGITS = 16;

export interface SegmentHeader { feed: string; version: number; first: number }

export function segmentName(first: number): string {
  return `${PREFIX}${String(first).padStart(DIGITS, '0')}${SUFFIX}`;
}

/** The first seq a segment's name gives, or null for any other name. */
export function segmentFirst(name: string): number | null {
  if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX) || name.length !== PREFIX.length + DIGITS + SUFFIX.length) return null;
  const digits = name.slice(PREFIX.length, PREFIX.length + DIGITS);
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) < 48 || digits.charCodeAt(i) > 57) return null;
  const first = Number(digits);
  return isSeq(first) ? first : null;
}

/** The segments in the folder, oldest first, by their first seq (none when the folder is missing). */
export function listSegments(trusted: TrustedFolders, dir: string): number[] {
  let names: string[];
  try {
    names = listFolderNoFollow(trusted, dir).filter((item) => item.isFile() && !isTempFileName(item.name)).map((item) => item.name);
  } catch {
    return [];
  }
  return names.map(segmentFirst).filter((first): first is number => first !== null).sort((a, b) => a - b);
}

export function headerLine(first: number): string {
  return JSON.stringify({ feed: FEED_NAME, version: FEED_VERSION, first } satisfies SegmentHeader) + '\n';
}

/** The header a first line holds, or null when it is not a feed segment's. */
export function parseHeader(line: string): SegmentHeader | null {
  try {
    const value = JSON.parse(line) as Partial<SegmentHeader>;
    if (value?.feed !== FEED_NAME || !Number.isSafeInteger(value.version) || !isSeq(value.first)) return null;
    return value as SegmentHeader;
  } catch {
    return null;
  }
}

/** The next-segment line that ends a segment, and what one holds (null for any other line). */
export function nextLine(first: number): string {
  return JSON.stringify({ next: first }) + '\n';
}

export function parseNext(line: string): number | null {
  if (!line.startsWith('{"next":')) return null;
  try {
    const next = (JSON.parse(line) as { next?: unknown }).next;
    return isSeq(next) ? next : null;
  } catch {
    return null;
  }
}

/** Whole lines (each ended by a newline) read from `offset` on, with where the next read starts. */
export interface ReadLines {
  lines: string[];
  /** The byte after each line's newline, counted on the file's bytes (a line that is not UTF-8 decodes longer). */
  ends: number[];
  end: number;
  size: number;
  /** The byte before `offset` is a newline: the offset is a line's start, not a place inside a line written since. */
  aligned: boolean;
}

const READ_CHUNK = 256 * 1024;

/**
 * The whole lines of a segment from `offset` on, at most `maxBytes` of them (at least one line); null when the
 * segment is missing. A last line without its newline is a write under way or cut short by a crash: it is not
 * read (the next writer ends it with a newline, see change-feed.ts, and readers pass over it).
 */
export function readLines(trusted: TrustedFolders, dir: string, first: number, offset: number, maxBytes = READ_CHUNK): ReadLines | null {
  let fd: number;
  try {
    fd = openNoFollow(trusted, join(dir, segmentName(first)), constants.O_RDONLY);
  } catch {
    return null;
  }
  try {
    const size = fstatSync(fd).size;
    // One byte before the offset comes along: it tells whether the offset is still a line's start.
    const from = offset > 0 ? offset - 1 : 0;
    if (size <= offset) return { lines: [], ends: [], end: offset, size, aligned: size < offset ? false : isAfterNewline(fd, offset) };
    let length = Math.min(size - from, maxBytes + 1);
    let bytes = Buffer.allocUnsafe(length);
    let read = readSync(fd, bytes, 0, length, from);
    const aligned = offset === 0 || bytes[0] === 0x0a;
    const skip = offset - from;
    let last = bytes.lastIndexOf(0x0a, read - 1);
    // One line longer than maxBytes: read on until its end.
    while (last < skip && from + read < size) {
      length = Math.min(size - from, length * 2);
      bytes = Buffer.allocUnsafe(length);
      read = readSync(fd, bytes, 0, length, from);
      last = bytes.lastIndexOf(0x0a, read - 1);
    }
    if (last < skip) return { lines: [], ends: [], end: offset, size, aligned };
    const lines: string[] = [];
    const ends: number[] = [];
    for (let start = skip; start <= last;) {
      const stop = bytes.indexOf(0x0a, start);
      lines.push(bytes.toString('utf8', start, stop));
      ends.push(from + stop + 1);
      start = stop + 1;
    }
    return { lines, ends, end: from + last + 1, size, aligned };
  } finally {
    closeSync(fd);
  }
}

function isAfterNewline(fd: number, offset: number): boolean {
  if (offset === 0) return true;
  const byte = Buffer.alloc(1);
  return readSync(fd, byte, 0, 1, offset - 1) === 1 && byte[0] === 0x0a;
}

/**
 * What a file with a segment's name holds at its start: `ours` (this version's header for this very name),
 * `partial` (a part of that header, or nothing: a segment whose making a crash cut short, or a stray empty
 * file), `missing`, or `other` (foreign, damaged, or of a newer version: never written into, never read as ours).
 */
export type SegmentKind = { kind: 'ours' | 'other' | 'missing' } | { kind: 'partial'; size: number };

export function segmentKind(trusted: TrustedFolders, dir: string, first: number): SegmentKind {
  let fd: number;
  try {
    fd = openNoFollow(trusted, join(dir, segmentName(first)), constants.O_RDONLY);
  } catch (error) {
    return { kind: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'other' };
  }
  try {
    const header = Buffer.from(headerLine(first));
    const bytes = Buffer.alloc(header.length + 1);
    const read = readSync(fd, bytes, 0, bytes.length, 0);
    if (read < header.length && header.subarray(0, read).equals(bytes.subarray(0, read))) {
      return fstatSync(fd).size === read ? { kind: 'partial', size: read } : { kind: 'other' };
    }
    const end = bytes.indexOf(0x0a);
    return end >= 0 && isOurHeader(bytes.toString('utf8', 0, end), first) ? { kind: 'ours' } : { kind: 'other' };
  } finally {
    closeSync(fd);
  }
}

/** A first line that is this version's header for the segment named `first`. */
export function isOurHeader(line: string, first: number): boolean {
  const header = parseHeader(line);
  return header !== null && header.version === FEED_VERSION && header.first === first;
}
