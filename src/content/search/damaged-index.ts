// How a search index file is told to be damaged (cut short by a full disk or a broken copy, overwritten,
// not SQLite at all): search-database.ts then makes it anew, as it is a cache and the content is in content/.
import { closeSync, constants, readSync } from 'node:fs';
import { openNoFollow, statNoFollow } from '../../lib/no-follow.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** Whether an error from SQLite says the file is not a sound index (cut short, overwritten, not SQLite). */
export function isDamaged(error: unknown): boolean {
  const { errcode, message } = (error ?? {}) as { errcode?: number; message?: string };
  // SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_IOERR_SHORT_READ and kin; older Node gives the message alone.
  if (errcode !== undefined && [11, 26].includes(errcode & 0xff)) return true;
  return /malformed|not a database|file is encrypted|disk image|no such table|no such column|vtable constructor failed/i.test(message ?? '');
}

/**
 * Whether the file is shorter than its header says (cut short: a full disk, a copy broken off). SQLite would
 * only notice on reading a page past the end, maybe in the middle of a search; the header tells at once.
 */
export function cutShort(trusted: TrustedFolders, file: string): boolean {
  const size = statNoFollow(trusted, file)?.size ?? 0;
  if (size < 100) return false;
  const header = Buffer.alloc(100);
  const fd = openNoFollow(trusted, file, constants.O_RDONLY);
  try { readSync(fd, header, 0, 100, 0); } finally { closeSync(fd); }
  // The size in the header holds only where its version-valid-for number matches the change counter.
  if (header.toString('latin1', 0, 16) !== 'SQLite format 3\u0000' || header.readUInt32BE(92) !== header.readUInt32BE(24)) return false;
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  return size < header.readUInt32BE(28) * pageSize;
}
