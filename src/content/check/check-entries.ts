import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isTempFileName } from '../../lib/atomic-write.js';
import { isSlug } from '../entries/entry-id.js';
import { MAX_PAGE_DEPTH } from '../entries/entry-folders.js';
import { RESERVED_FOLDERS, SITE_ADDRESSES } from '../settings/site-addresses.js';
import { pathPrefixOf } from '../entries/path-prefix.js';
import { slugged, translationPath } from '../entries/translation.js';
import type { ContentType } from '../entries/types.js';
import { readText } from './check-settings.js';
import { checkMediaReference, checkTranslation, type TranslationCheck } from './check-translation.js';

function listFolder(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  } catch {
    return [];
  }
}

/** Tags that exist: a folder under the tag type's folder holding a translation in a site language. */
export function existingTags(contentDir: string, check: Pick<TranslationCheck, 'site'>): Set<string> {
  const folder = check.site.types.find((type) => type.key === 'tag')?.folder ?? 'tags';
  const languages = Object.keys(check.site.languages);
  const tags = new Set<string>();
  for (const item of listFolder(join(contentDir, folder))) {
    if (item.isDirectory() && languages.some((language) => existsSync(join(contentDir, folder, item.name, `${language}.md`)))) tags.add(item.name);
  }
  return tags;
}

/**
 * Everything under content/ the way the content index reads it, noting what it leaves out without a word
 * (folders of no type, names that are not slugs, files of languages the site does not have) and each
 * translation's own problems (check-translation.ts).
 */
export function checkEntries(check: TranslationCheck): void {
  const { contentDir, site, problems } = check;
  const typesByFolder = new Map(site.types.map((type) => [type.folder, type]));
  const addresses = new Map<string, string[]>();
  for (const item of listFolder(contentDir)) {
    if (!item.isDirectory()) continue;
    const type = typesByFolder.get(item.name);
    if (type) {
      for (const child of listFolder(join(contentDir, item.name))) {
        if (child.isDirectory()) checkEntryFolder(check, type, [item.name, child.name], addresses);
      }
    } else if (!RESERVED_FOLDERS.has(item.name)) {
      problems.add(join(contentDir, item.name), `No content type has the folder ${item.name} (site.yaml types), so nothing in it is shown.`);
    }
  }
  // Two translations at one address (a slug set to another entry's path, written by hand or before svc
  // checked slugs against addresses): only one is shown, a published one first, then the lowest id.
  for (const [path, files] of addresses) {
    if (files.length < 2) continue;
    for (const file of files) problems.add(file, `Its address ${path} is also that of ${files.filter((other) => other !== file).map((other) => relative(dirname(contentDir), other)).join(', ')}: only one of them is shown; give one a slug of its own.`);
  }
}

function checkEntryFolder(check: TranslationCheck, type: ContentType, segments: string[], addresses: Map<string, string[]>): void {
  const { contentDir, site, problems } = check;
  const dir = join(contentDir, ...segments);
  const name = segments[segments.length - 1]!;
  if (!isSlug(name)) {
    problems.add(dir, 'This folder is left out of the site: entry folders are named with lowercase letters, digits and dashes.');
    return;
  }
  let translations = 0;
  let children = 0;
  for (const item of listFolder(dir)) {
    const path = join(dir, item.name);
    if (item.isDirectory()) {
      if (type.key !== 'page') problems.add(path, `This folder is left out of the site: only pages hold other entries (media go in content/media/${segments.join('/')}/).`);
      else if (segments.length > MAX_PAGE_DEPTH) problems.add(path, `This folder is left out of the site: pages nest at most ${MAX_PAGE_DEPTH} levels below pages/.`);
      else {
        children++;
        checkEntryFolder(check, type, [...segments, item.name], addresses);
      }
      continue;
    }
    if (!item.isFile() || isTempFileName(item.name)) continue;
    if (item.name === 'style.css') {
      const css = readText(path, problems);
      for (const match of css?.matchAll(/url\(\s*['"]?(\/?media\/[^'")\s]+)/g) ?? []) checkMediaReference(check, path, match[1]!);
      continue;
    }
    if (!item.name.endsWith('.md')) continue;
    const language = item.name.slice(0, -3);
    if (!Object.hasOwn(site.languages, language)) {
      problems.add(path, `This file is left out of the site: ${language} is not one of its languages (${Object.keys(site.languages).join(', ')}).`);
      continue;
    }
    translations++;
    const text = readText(path, problems);
    const fields = text === null ? null : checkTranslation(check, path, text, type);
    if (fields !== null) noteAddress(check, addresses, path, translationPath(site, language, pathPrefixOf(type), slugged(segments.slice(1), fields.slug)));
  }
  if (translations === 0 && children === 0) {
    problems.add(dir, `This folder holds no translation (${Object.keys(site.languages).map((language) => `${language}.md`).join(', ')}), so it is no entry.`);
  }
}

/** Notes a translation's address; one of the site's own top-level addresses (/search, /svc…) is a problem at once. */
function noteAddress(check: TranslationCheck, addresses: Map<string, string[]>, file: string, path: string): void {
  const files = addresses.get(path);
  if (files) files.push(file);
  else addresses.set(path, [file]);
  const parts = path.split('/').filter((part) => part !== '');
  const own = parts.length > 0 && parts[0] !== check.site.defaultLanguage && Object.hasOwn(check.site.languages, parts[0]!) ? parts.slice(1) : parts;
  const reason = own.length === 1 ? SITE_ADDRESSES.get(own[0]!) : undefined;
  if (reason !== undefined) check.problems.add(file, `Its address ${path} is one of the site's own: ${reason}; give it another slug.`);
  // The home page of a language (/de, /fr) is answered before any entry's page there.
  else if (parts.length === 1 && Object.hasOwn(check.site.languages, parts[0]!)) check.problems.add(file, `Its address ${path} is the home page of the ${check.site.languages[parts[0]!]} pages; give it another slug.`);
}
