import { existsSync, mkdirSync, chmodSync, copyFileSync, readdirSync, constants } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { CommandError } from './cli-error.js';
import { siteFolders } from '../config.js';

export interface InitOptions {
  root: string;
  dataDir: string;
  title?: string;
  language?: string;
  timezone?: string;
  url?: string;
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', nl: 'Nederlands', pt: 'Português' };

/** The default theme's words shipped with svc (`theme/translations/<language>.yaml`, English and German). */
const SHIPPED_TRANSLATIONS = fileURLToPath(new URL('../../theme/translations/', import.meta.url));

/**
 * Copies the shipped translation files into the new site's theme, so its pages in those languages have
 * their words from the start. A file the folder has already is kept; without shipped files nothing is
 * copied (the site's words are then English).
 */
function copyShippedTranslations(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(SHIPPED_TRANSLATIONS, { withFileTypes: true }).filter((item) => item.isFile() && item.name.endsWith('.yaml')).map((item) => item.name).sort();
  } catch {
    return [];
  }
  const target = join(root, 'theme', 'translations');
  mkdirSync(target, { recursive: true });
  const copied: string[] = [];
  for (const name of names) {
    try {
      copyFileSync(join(SHIPPED_TRANSLATIONS, name), join(target, name), constants.COPYFILE_EXCL);
      copied.push(join(target, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return copied;
}

/**
 * Creates a new empty site: `content/site.yaml` with sensible defaults, the core type folders, media,
 * plugins, theme (with the shipped translations of its words) and a private `data/` folder. Refuses to
 * touch an existing site.
 */
export function initSite(options: InitOptions): string[] {
  const siteFile = join(options.root, 'content', 'site.yaml');
  if (existsSync(siteFile)) throw new CommandError(`There is a site here already (${siteFile}); nothing was changed.`);
  const language = options.language ?? 'en';
  if (!/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/.test(language)) throw new CommandError(`The language code "${language}" is not valid; use a code like en or pt-BR.`);
  const timezone = options.timezone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new CommandError(`The time zone "${timezone}" is not known; use a name like Europe/Berlin.`);
  }
  const site = {
    title: options.title ?? 'My Site',
    description: '',
    url: options.url ?? 'http://127.0.0.1:8080',
    languages: { [language]: LANGUAGE_NAMES[language] ?? language },
    default_language: language,
    timezone,
    approval_mode: false,
    closed: false,
    types: {
      post: { folder: 'posts', label: 'Posts' },
      page: { folder: 'pages', label: 'Pages' },
      tag: { folder: 'tags', label: 'Tags' },
    },
    categories: {},
  };
  const made: string[] = [];
  for (const dir of ['content/posts', 'content/pages', 'content/tags', 'content/media', 'plugins', 'theme']) {
    mkdirSync(join(options.root, dir), { recursive: true });
    made.push(join(options.root, dir));
  }
  made.push(...copyShippedTranslations(options.root));
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(options.dataDir, 0o700);
  made.push(options.dataDir);
  // Its folders are made just above: content/ is trusted from here down, as the site's every process trusts it.
  writeFileAtomic(siteFolders(options), siteFile, `# The website's settings: title, languages, time zone, content types and categories.\n${stringify(site)}`);
  made.push(siteFile);
  return made;
}
