import { promisify, randomBytes } from './node-builtins.js';
import { dirname, basename, join } from 'node:path';
import { openFolderNoFollow, removeNoFollow, type OpenFolder } from './no-follow.js';
import { asSaveFailure, throwInjectedFault } from './save-failure.js';
import { isTempFileName, noteTempFileBegun, noteTempFileEnded, STALE_TEMP_MS } from './temp-file-journal.js';
import { writeSync, fsyncSync, closeSync, unlinkSync, lstatSync, write, fsync } from 'node:fs';
import type { TrustedFolders } from './trusted-folders.js';

export { isTempFileName, STALE_TEMP_MS };

/** A temp file name no other writer picks. */
function tempNameFor(path: string): string {
  return `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** The checked folder of `path`, and its temp file's name and path, noted (lib/temp-file-journal.ts) before it is made. */
function beginWrite(trusted: TrustedFolders, path: string): { tempName: string; tempPath: string; folder: OpenFolder } {
  const tempName = tempNameFor(path);
  const tempPath = join(dirname(path), tempName);
  let folder: OpenFolder;
  try {
    folder = openFolderNoFollow(trusted, dirname(path), 0o777);
  } catch (error) {
    throw asSaveFailure(error, path);
  }
  noteTempFileBegun(tempPath);
  return { tempName, tempPath, folder };
}

/**
 * Writes a file so that readers only ever see the old or the new content: a temp file in the same folder
 * (same filesystem, so rename is atomic), fsync, then rename over the target. The folder is checked to be
 * below its trusted folder without a symbolic link (lib/no-follow.ts) and the temp file is created in it
 * with O_EXCL|O_NOFOLLOW; a link in the target's place is refused rather than replaced.
 *
 * Nothing is left behind: a failed write removes its temp file (a full or read-only disk answers a
 * SaveFailedError, lib/save-failure.ts), and one cut short by a kill is noted in its process's journal of
 * temp files in flight, which the next start reads (lib/temp-file-journal.ts).
 */
export function writeFileAtomic(trusted: TrustedFolders, path: string, data: string | Uint8Array, mode = 0o644, how: 'replace' | 'create' = 'replace'): void {
  const { tempName, tempPath, folder } = beginWrite(trusted, path);
  try {
    const fd = folder.create(tempName, 'exclusive', mode);
    try {
      throwInjectedFault(path);
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // `create`: the file appears whole under its name only where none was (of two at once, one wins; the
    // other gets EEXIST), as a hard link, the temp name then removed.
    if (how === 'create') {
      folder.linkNew(tempName, basename(path));
      unlinkSync(folder.at(tempName));
    } else {
      folder.renameOver(tempName, basename(path));
    }
  } catch (error) {
    try { unlinkSync(folder.at(tempName)); } catch { /* never made, or already renamed */ }
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    throw asSaveFailure(error, path);
  } finally {
    folder.close();
    noteTempFileEnded(tempPath);
  }
}

const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);

/** Writes `bytes` whole at `position` of the file being made (writeFileAtomicAsync). */
export type WriteAt = (bytes: Uint8Array, position: number) => Promise<void>;

/**
 * writeFileAtomic without holding up the event loop on the bytes (large files written in the background):
 * the same checked folder, temp file, fsync and rename; the writing and the fsync run on the thread pool.
 * `produce` writes the content through `writeAt` as it makes it, in any order of positions, so a large file
 * is never whole in memory; the file replaces the target once `produce` resolves (a rejection leaves it be).
 */
export async function writeFileAtomicAsync(trusted: TrustedFolders, path: string, produce: (writeAt: WriteAt) => Promise<void>, mode = 0o644): Promise<void> {
  const { tempName, tempPath, folder } = beginWrite(trusted, path);
  try {
    const fd = folder.create(tempName, 'exclusive', mode);
    try {
      throwInjectedFault(path);
      await produce(async (bytes, position) => {
        for (let done = 0; done < bytes.length;) done += (await writeAsync(fd, bytes, done, bytes.length - done, position + done)).bytesWritten;
      });
      await fsyncAsync(fd);
    } finally {
      closeSync(fd);
    }
    folder.renameOver(tempName, basename(path));
  } catch (error) {
    try { unlinkSync(folder.at(tempName)); } catch { /* never made, or already renamed */ }
    throw asSaveFailure(error, path);
  } finally {
    folder.close();
    noteTempFileEnded(tempPath);
  }
}

/**
 * Removes `path`, a temp file found while listing its folder, when it is older than any write takes: what a
 * killed writer left behind. Best effort: a temp file still in use, or one gone already, is left alone.
 */
export function removeStaleTempFile(trusted: TrustedFolders, path: string, now = Date.now()): void {
  try {
    const stat = lstatSync(path);
    if (stat.isFile() && now - stat.mtimeMs >= STALE_TEMP_MS) removeNoFollow(trusted, path);
  } catch {
    // Gone already, or not ours to remove: the next listing tries again.
  }
}
