import { openNoFollow } from './no-follow.js';
import { closeSync, constants, fstatSync, readSync } from 'node:fs';
import type { TrustedFolders } from './trusted-folders.js';

/**
 * A file's bytes in memory a worker thread can read too (a SharedArrayBuffer: handed to a thread, it is
 * shared, not copied), read as readFileNoFollow reads: no symbolic link below a trusted folder is followed.
 */
export function readSharedNoFollow(trusted: TrustedFolders, path: string): Buffer {
  const fd = openNoFollow(trusted, path, constants.O_RDONLY);
  try {
    const stats = fstatSync(fd);
    const bytes = Buffer.from(new SharedArrayBuffer(stats.size));
    let at = 0;
    while (at < bytes.length) {
      const read = readSync(fd, bytes, at, bytes.length - at, at);
      if (read === 0) break;
      at += read;
    }
    return at === bytes.length ? bytes : bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/** `bytes` copied into memory a worker thread can share. */
export function sharedCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.from(new SharedArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}
