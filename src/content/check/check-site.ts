// `svc check` and the panel's Site check: reads the whole installation and lists what would surprise its
// owner, one problem per line with its file. It reads the files themselves, not the content index: the index
// leaves out, with one warning at most, exactly what this is meant to find.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadCardDefinitions } from '../cards.js';
import { notedTempFiles } from '../../lib/temp-file-journal.js';
import { tempFileJournalFolder } from '../../lib/site-writes.js';
import { checkAccess } from './check-access.js';
import { checkMediaFolders } from './check-media.js';
import { checkEntries, existingTags } from './check-entries.js';
import { checkDataFiles, checkSiteYaml } from './check-settings.js';
import { SiteProblems, type SiteProblem } from './site-problems.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface SiteCheckOptions {
  root: string;
  dataDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  /** The address the site is served at, when known; site.yaml's `url` is compared with it. */
  servedAt?: string;
  now: number;
}

/** Every problem found, sorted by file. An empty list means the site is as its owner would expect. */
export function checkSite(options: SiteCheckOptions): SiteProblem[] {
  const { root, dataDir } = options;
  const problems = new SiteProblems(root);
  const contentDir = join(root, 'content');
  // Temp files are listed where the server writes, except those of writes in flight now (a check in the
  // panel runs beside the server's writes, and a stdio session's).
  const noted = notedTempFiles(tempFileJournalFolder(dataDir), options.now);
  if (existsSync(contentDir)) {
    checkAccess(contentDir, 'write', problems, noted);
    checkMediaFolders(contentDir, problems);
  }
  for (const folder of ['plugins', 'theme']) if (existsSync(join(root, folder))) checkAccess(join(root, folder), 'read', problems);
  if (existsSync(dataDir)) checkAccess(dataDir, 'write', problems, noted);
  const site = checkSiteYaml(root, problems, options.servedAt);
  const cards = loadCardDefinitions(root, () => {}, (file, sentence) => problems.add(file, sentence));
  if (site) {
    const check = { contentDir, trusted: options.trusted, site, cards, tags: new Set<string>(), now: options.now, problems };
    check.tags = existingTags(contentDir, check);
    checkEntries(check);
  }
  if (existsSync(dataDir)) checkDataFiles(dataDir, problems);
  return problems.list();
}
