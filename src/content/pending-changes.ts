// Changes assistants proposed to live entries while `approval_live` is on (write/live-approval.ts): kept
// under `data/pending/<entry id>/` (`<lang>.md`, the whole proposed file; `style.css`, the cleaned CSS) until
// a person publishes them or sends them back. Never served: the public text stays as it is meanwhile.
import { join } from 'node:path';
import { listFolderNoFollow } from '../lib/no-follow.js';
import { isSlug, parseEntryId } from './entries/entry-id.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export function pendingFolder(dataDir: string, id: string): string {
  return join(dataDir, 'pending', ...parseEntryId(id));
}

/** The proposed file of a translation (`language`), or of the entry's CSS (null). */
export function pendingFile(dataDir: string, id: string, language: string | null): string {
  return join(pendingFolder(dataDir, id), language === null ? 'style.css' : `${language}.md`);
}

/** An image uploaded for a live entry, waiting (`_media/` is no slug, so never an entry's folder). */
export function pendingMediaFile(dataDir: string, id: string, name: string): string {
  return join(pendingFolder(dataDir, id), '_media', name);
}

export interface PendingLiveChange {
  entry: string;
  /** The translation's language, or null for the CSS or an image. */
  language: string | null;
  /** The waiting image's file name, or null. */
  media: string | null;
}

const TEXT_FILE = /^([a-z]{2,3}(?:-[a-z0-9]{2,8})*)\.md$/i;

/** Every proposed change, entry by entry in id order. */
export function listPendingLive(trusted: TrustedFolders, dataDir: string): PendingLiveChange[] {
  const found: PendingLiveChange[] = [];
  const walk = (segments: string[]) => {
    let items;
    try {
      items = listFolderNoFollow(trusted, join(dataDir, 'pending', ...segments));
    } catch {
      return;
    }
    const entry = segments.join('/');
    for (const item of items.sort((a, b) => a.name.localeCompare(b.name))) {
      if (item.isDirectory() && isSlug(item.name) && segments.length < 4) walk([...segments, item.name]);
      else if (item.isDirectory() && item.name === '_media' && segments.length >= 2) {
        for (const file of listFolderNoFollow(trusted, join(dataDir, 'pending', ...segments, '_media')).filter((f) => f.isFile()).map((f) => f.name).sort()) found.push({ entry, language: null, media: file });
      } else if (item.isFile() && segments.length >= 2 && item.name === 'style.css') found.push({ entry, language: null, media: null });
      else if (item.isFile() && segments.length >= 2 && TEXT_FILE.test(item.name)) found.push({ entry, language: TEXT_FILE.exec(item.name)![1]!, media: null });
    }
  };
  walk([]);
  return found;
}
