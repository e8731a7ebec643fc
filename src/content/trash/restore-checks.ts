// What a restore must not break. The trash keeps an entry as it was when deleted; the site may have moved on
// since: its content type or a language removed in the settings (which allow that while nothing in content/
// uses them), or its address taken by a new entry. Restoring then would leave an entry nobody can reach, a
// file the site leaves out, or two entries at one address: refused with the reason, and the item stays in
// the trash (what Settings refuses for the content in place, a restore refuses for what it brings back).
import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { listFolderNoFollow, readTextNoFollow } from '../../lib/no-follow.js';
import { parseEntryId } from '../entries/entry-id.js';
import { parseFrontMatter } from '../entries/front-matter.js';
import { pathPrefixOf } from '../entries/path-prefix.js';
import { slugged, translationPath } from '../entries/translation.js';
import type { ContentStore } from '../store.js';
import type { TrashItem } from './trash-items.js';

const KEEPS = 'It stays in the trash.';

/** What the checks read of the site. */
type SiteView = Pick<ContentStore, 'site' | 'trustedFolders' | 'atPath'>;

/** The translation files an item brings back: language -> file in the item's folder. */
function translationFiles(store: SiteView, item: TrashItem, folder: string): Map<string, string> {
  if (item.kind === 'translation') return new Map([[item.language!, join(folder, 'file', `${item.language}.md`)]]);
  if (item.kind !== 'entry') return new Map();
  const files = new Map<string, string>();
  for (const found of listFolderNoFollow(store.trustedFolders, join(folder, 'entry'))) {
    if (found.isFile() && found.name.endsWith('.md')) files.set(found.name.slice(0, -3), join(folder, 'entry', found.name));
  }
  return files;
}

/** Refuses (AppError conflict) a restore that would leave the item unreachable, left out, or at an address in use. */
export function refuseBrokenRestore(store: SiteView, item: TrashItem, folder: string): void {
  const site = store.site();
  const segments = parseEntryId(item.entry);
  const type = site.types.find((candidate) => candidate.folder === segments[0]);
  if (!type) {
    throw new AppError('conflict', `The site has no content type with the folder ${segments[0]} any more; add it again in the settings (Content types) before restoring ${item.entry}. ${KEEPS}`);
  }
  for (const [language, file] of translationFiles(store, item, folder)) {
    if (!Object.hasOwn(site.languages, language)) {
      throw new AppError('conflict', `The site has no language ${language} any more, which ${item.entry} is written in; add it again in the settings (Languages) before restoring. ${KEEPS}`);
    }
    const { fields } = parseFrontMatter(readTextNoFollow(store.trustedFolders, file));
    const path = translationPath(site, language, pathPrefixOf(type), slugged(segments.slice(1), fields.slug));
    const owner = store.atPath(path);
    if (owner && owner.entry.id !== item.entry) {
      throw new AppError('conflict', `The address ${path} is used by ${owner.entry.id} now; change that entry's slug or delete it before restoring ${item.entry}. ${KEEPS}`);
    }
  }
}
