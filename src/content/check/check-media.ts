// svc check over content/media/: what a media folder holds that no answer will ever show. A file named
// otherwise than /media serves (a space, an upper-case extension is fine, but `Upper Case.PNG` is not), and
// a folder whose entry does not exist (a ghost left by a hand move). Links, unreadable and special files
// are check-access.ts's.
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { isTempFileName } from '../../lib/atomic-write.js';
import { isServedMediaName } from '../media-folder.js';
import type { SiteProblems } from './site-problems.js';

export function checkMediaFolders(contentDir: string, problems: SiteProblems): void {
  const mediaDir = join(contentDir, 'media');
  if (!existsSync(mediaDir)) return;
  const visit = (segments: string[]): void => {
    const dir = join(mediaDir, ...segments);
    let items: Dirent[];
    try {
      items = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    let files = 0;
    for (const item of items.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (item.isDirectory()) visit([...segments, item.name]);
      if (!item.isFile() || item.name.startsWith('.') || isTempFileName(item.name)) continue;
      files++;
      // A name that is not UTF-8 is check-access.ts's to name (it cannot even be opened by its name here).
      if (!isServedMediaName(item.name) && !item.name.includes('\uFFFD')) {
        problems.add(join(dir, item.name), 'This file is left out of the site: media file names are letters, digits, dots, dashes and underscores, starting with a letter or digit; rename it.');
      }
    }
    // An entry's media folder mirrors its id (content/media/posts/hello for content/posts/hello).
    if (files > 0 && segments.length >= 2 && !existsSync(join(contentDir, ...segments))) {
      problems.add(dir, `There is no entry ${segments.join('/')} (content/${segments.join('/')}/), so nothing shows these files.`);
    }
  };
  visit([]);
}
