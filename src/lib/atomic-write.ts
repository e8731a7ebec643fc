import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, writeSync, fsyncSync, closeSync, renameSync, unlinkSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

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
