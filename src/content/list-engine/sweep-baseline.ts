// What the stamp sweep (stamp-sweep.ts) compares with: the folders and files to look at for the site's
// settings, and the index's stamps as its baseline; and one whole pass at once (`svc reindex`).
import { packIds } from './baseline-ids.js';
import { MAX_PAGE_DEPTH } from '../entries/entry-folders.js';
import { StampSweep, type SweepBaseline, type SweepSetup } from './stamp-sweep.js';
import type { Entry, SiteConfig } from '../entries/types.js';

/** What the sweep looks at for these settings: every type folder, and the files that make an entry. */
export function sweepSetup(contentDir: string, site: SiteConfig): SweepSetup {
  return {
    contentDir,
    folders: site.types.map((type) => ({ folder: type.folder, nested: type.key === 'page' })),
    maxDepth: MAX_PAGE_DEPTH,
    files: [...Object.keys(site.languages).map((language) => `${language}.md`), 'style.css'],
  };
}

/** The index's `count` entries as the sweep's baseline (gone through once): each folder's mtime and the stamps of its files as read. */
export function sweepBaseline(entries: Iterable<Entry>, count: number, setup: SweepSetup): SweepBaseline {
  const width = 1 + 2 * setup.files.length;
  const languages = setup.files.slice(0, -1).map((file) => file.slice(0, -3));
  const stamps = new Float64Array(count * width).fill(-1);
  const ids = new Array<string>(count);
  let at = 0;
  for (const entry of entries) {
    ids[at] = entry.id;
    const base = at * width;
    stamps[base] = entry.folderMtimeMs;
    languages.forEach((language, file) => {
      const translation = entry.translations.get(language);
      if (translation) { stamps[base + 1 + 2 * file] = translation.mtimeMs; stamps[base + 2 + 2 * file] = translation.size; }
    });
    stamps[width - 2 + base] = entry.styleMtimeMs;
    stamps[width - 1 + base] = entry.styleSize;
    at++;
  }
  return { ids: packIds(ids), stamps };
}

/** The ids of the entry folders that differ from `baseline` on disk, by one whole pass at once (`svc reindex`). */
export function changedOnDisk(setup: SweepSetup, baseline: SweepBaseline): string[] {
  const pass = new StampSweep(setup, baseline).pass();
  let step = pass.next();
  while (!step.done) step = pass.next();
  return step.value;
}
