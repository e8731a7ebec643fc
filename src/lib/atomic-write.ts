import { randomBytes } from 'node:crypto';
import { dirname, basename, join } from 'node:path';
import { builtinModule } from './builtin-module.js';
const { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync, lstatSync } = builtinModule('node:fs');

/**
 * Writes a file so that readers only ever see the old or the new content: a temp file in the same folder
 * (same filesystem, so rename is atomic), fsync, then rename over the target.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o644): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', mode);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    try { unlinkSync(temp); } catch { /* already gone */ }
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    try { unlinkSync(temp); } catch { /* already gone */ }
    throw error;
  }
}

/** Temp files left by a writer that was killed mid-write are named like this; readers skip them. */
export function isTempFileName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/** No write takes this long (a 14 MB upload takes well under a second): an older temp file's writer died. */
export const STALE_TEMP_MS = 10 * 60_000;

/**
 * Removes `path`, a temp file found while listing its folder, when it is older than any write takes: what a
 * killed writer left behind. Best effort: a temp file still in use, or one gone already, is left alone.
 */
export function removeStaleTempFile(path: string, now = Date.now()): void {
  try {
    if (now - lstatSync(path).mtimeMs >= STALE_TEMP_MS) unlinkSync(path);
  } catch {
    // Gone already, or not ours to remove: the next listing tries again.
  }
}
