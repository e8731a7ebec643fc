import { join } from 'node:path';
import { listFolderNoFollow } from '../lib/no-follow.js';
import * as atomicWrite from '../lib/atomic-write.js';
import { parseEntryId } from './entries/entry-id.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// An entry's media folder on disk: `content/media/<entry id>/`, and the files a reader may see in it.

/**
 * A file name /media serves: letters, digits, dots, dashes and underscores, starting with a letter or digit,
 * at most 201 characters, no `..`. Uploads only make such names; a file named otherwise by hand is in no
 * answer (svc check names it).
 */
export function isServedMediaName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name) && !name.includes('..');
}

/**
 * The entry id and file name of a `media/<entry id>/<file>` reference (a cover, an image field) as /media
 * serves it, or null for anything else (another site's address, `javascript:`, `../`, a name /media refuses).
 */
export function mediaReferenceParts(reference: unknown): { entryId: string; name: string } | null {
  if (typeof reference !== 'string' || !reference.startsWith('media/') || reference.length > 500) return null;
  const parts = reference.slice('media/'.length).split('/');
  const name = parts.pop()!;
  const entryId = parts.join('/');
  try {
    parseEntryId(entryId);
  } catch {
    return null;
  }
  return isServedMediaName(name) ? { entryId, name } : null;
}

/** The entry's media folder (the id is checked: a malformed id throws before any path is made). */
export function mediaFolder(contentDir: string, entryId: string): string {
  return join(contentDir, 'media', ...parseEntryId(entryId));
}

/**
 * File names in a media folder that /media serves, sorted: symbolic links, dot files (the alt texts), a
 * writer's temporary files and names /media would not serve are left out, and a temporary file a crashed writer left behind long enough ago is removed on the
 * way. A missing folder has none.
 */
export function listMediaFiles(trusted: TrustedFolders, dir: string, nowMs: number): string[] {
  try {
    return listFolderNoFollow(trusted, dir)
      .filter((item) => {
        if (item.isFile() && atomicWrite.isTempFileName(item.name)) atomicWrite.removeStaleTempFile(trusted, join(dir, item.name), nowMs);
        return item.isFile() && isServedMediaName(item.name);
      })
      .map((item) => item.name)
      .sort();
  } catch {
    return [];
  }
}
