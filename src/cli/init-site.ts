import { existsSync, mkdirSync, chmodSync, copyFileSync, readdirSync, rmSync, constants } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { CommandError } from './cli-error.js';
import { siteFolders } from '../config.js';
import { initialSiteYaml, type InitValues } from './init-values.js';
import { leavingNoNewFolders } from './new-folders.js';

export interface InitOptions extends InitValues {
  root: string;
  dataDir: string;
}

/** The default theme's words shipped with svc (`theme/translations/<language>.yaml`, English and German). */
const SHIPPED_TRANSLATIONS = fileURLToPath(new URL('../../theme/translations/', import.meta.url));

/**
 * Copies the shipped translation files into the new site's theme, so its pages in those languages have
 * their words from the start. A file the folder has already is kept; without shipped files nothing is
 * copied (the site's words are then English). `copied` receives each file copied as it is.
 */
function copyShippedTranslations(root: string, copied: string[]): void {
  let names: string[];
  try {
    names = readdirSync(SHIPPED_TRANSLATIONS, { withFileTypes: true }).filter((item) => item.isFile() && item.name.endsWith('.yaml')).map((item) => item.name).sort();
  } catch {
    return;
  }
  const target = join(root, 'theme', 'translations');
  mkdirSync(target, { recursive: true });
  for (const name of names) {
    try {
      copyFileSync(join(SHIPPED_TRANSLATIONS, name), join(target, name), constants.COPYFILE_EXCL);
      copied.push(join(target, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Creates a new empty site: `content/site.yaml` with sensible defaults, the core type folders, media,
 * plugins, theme (with the shipped translations of its words) and a private `data/` folder. Refuses to
 * touch an existing site. Every value is checked first (init-values.ts: a usage error, nothing written);
 * an init that fails halfway leaves none of what it made (the files it copied, the folders it made).
 */
export function initSite(options: InitOptions): string[] {
  const siteFile = join(options.root, 'content', 'site.yaml');
  const text = initialSiteYaml(options);
  if (existsSync(siteFile)) throw new CommandError(`There is a site here already (${siteFile}); nothing was changed.`);
  const watched = [options.root, join(options.root, 'content'), join(options.root, 'theme'), options.dataDir];
  const made = leavingNoNewFolders(watched, () => {
    const made: string[] = [];
    const copied: string[] = [];
    try {
      for (const dir of ['content/posts', 'content/pages', 'content/tags', 'content/media', 'plugins', 'theme']) {
        mkdirSync(join(options.root, dir), { recursive: true });
        made.push(join(options.root, dir));
      }
      copyShippedTranslations(options.root, copied);
      made.push(...copied);
      mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
      chmodSync(options.dataDir, 0o700);
      made.push(options.dataDir);
      // Its folders are made just above: content/ is trusted from here down, as the site's every process trusts it.
      // Created only where no site.yaml is, even one an init beside this one wrote since the check above: that
      // one's site is whole, and the folders and files this one made are its too, so none is taken back.
      try {
        writeFileAtomic(siteFolders(options), siteFile, text, 0o644, 'create');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
        throw error;
      }
      made.push(siteFile);
      return made;
    } catch (error) {
      for (const file of copied) rmSync(file, { force: true });
      throw error;
    }
  });
  if (made === null) throw new CommandError(`There is a site here already (${siteFile}), made by another svc init at the same moment; nothing of it was changed.`);
  return made;
}
