import { isTempFileName, removeStaleTempFile } from './atomic-write.js';
import { listFolderNoFollow } from './no-follow.js';
import { join } from 'node:path';
import type { TrustedFolders } from './trusted-folders.js';

/**
 * The names (without the extension) of the record files in a folder: `<name><extension>`, leaving out hidden
 * files, temp files of interrupted writes and symbolic links. A missing folder (or one that is a link) has none.
 */
export function listRecordNames(trusted: TrustedFolders, dir: string, extension: string): string[] {
  let names: string[];
  try {
    names = listFolderNoFollow(trusted, dir).filter((item) => item.isFile()).map((item) => item.name);
  } catch {
    return [];
  }
  for (const name of names) if (isTempFileName(name)) removeStaleTempFile(trusted, join(dir, name));
  return names
    .filter((name) => name.endsWith(extension) && !name.startsWith('.') && !isTempFileName(name))
    .map((name) => name.slice(0, -extension.length));
}
