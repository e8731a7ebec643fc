// A site held in memory for the unit tests of the write rules: its files in a MemoryStorage, and a small
// index over them in the store's place (what the write actions ask of it), so creating, changing and
// publishing run with no disk. The index reads the storage afresh at every call: nothing to keep fresh.
import { join, sep } from 'node:path';
import { DEFAULT_ROLES } from '../../dist/auth/roles.js';
import { MAX_PAGE_DEPTH } from '../../dist/content/entries/entry-folders.js';
import { isSlug, parseEntryId } from '../../dist/content/entries/entry-id.js';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { pathPrefixOf } from '../../dist/content/entries/path-prefix.js';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';
import { MemoryStorage } from '../../dist/content/storage/memory-storage.js';
import { buildTranslation } from '../../dist/content/entries/translation.js';
import type { ContentType, Entry, SiteConfig, Translation } from '../../src/content/entries/types.ts';
import type { Actor, ContentView, WriteContext } from '../../src/content/write/write-context.ts';
import { siteFiles, type SiteDescription } from './write-site.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

/** Where the memory site pretends to live; nothing is there on disk. */
export const MEMORY_ROOT = join(sep, 'memory-site');

export interface MemorySite {
  storage: MemoryStorage;
  context: WriteContext;
  /** Moves the clock. */
  clock: { now: number };
  /** A file's text by path from the site root. */
  read(path: string): string;
  /** The storage's journal with paths from the site root. */
  journal(): string[];
}

export function makeMemorySite(description: SiteDescription, now: number): MemorySite {
  const files: Record<string, string | Uint8Array> = {};
  for (const [path, data] of siteFiles(description)) files[join(MEMORY_ROOT, path)] = data;
  const storage = new MemoryStorage(files);
  const clock = { now };
  const store = memoryIndex(storage, () => clock.now);
  return {
    storage,
    clock,
    context: { store, storage, dataDir: join(MEMORY_ROOT, 'data'), clock: () => clock.now },
    read: (path) => storage.readText(join(MEMORY_ROOT, path)),
    journal: () => storage.journal.map((line) => line.replace(` ${MEMORY_ROOT}${sep}`, ' ')),
  };
}

/** An actor of one of the default roles (D4). */
export function actorOf(accountId: string, role: keyof typeof DEFAULT_ROLES, via: Actor['via'] = 'mcp'): Actor {
  const principal = {
    accountId, name: accountId, email: `${accountId}@example.org`, role, capabilities: new Set(DEFAULT_ROLES[role]),
    grantedScopes: [], scopes: new Set<never>(), tokenName: `${accountId} laptop`, tokenId: '0'.repeat(64),
  };
  return { principal, via };
}

function memoryIndex(storage: MemoryStorage, now: () => number): ContentView {
  const contentDir = join(MEMORY_ROOT, 'content');
  // Nothing is on disk: the folders a disk store would judge paths by, for the code that asks for them.
  const trustedFolders = new TrustedFolders([contentDir]);
  const site = (): SiteConfig => loadSiteConfig(join(contentDir, 'site.yaml'), trustedFolders, (file) => storage.readText(file));

  const readEntry = (type: ContentType, segments: string[], config: SiteConfig): Entry | undefined => {
    const dir = join(contentDir, ...segments);
    const translations = new Map<string, Translation>();
    for (const language of Object.keys(config.languages)) {
      const file = join(dir, `${language}.md`);
      if (!storage.exists(file)) continue;
      let document;
      // As the store does, a file that does not parse is skipped.
      try { document = parseFrontMatter(storage.readText(file)); } catch { continue; }
      translations.set(language, buildTranslation({
        language, dir: dir + sep, mtimeMs: now(), size: 0, fields: document.fields, keepFields: true, body: document.body,
        pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: config, now: now(), trusted: trustedFolders,
      }));
    }
    if (translations.size === 0) return undefined;
    const style = join(dir, 'style.css');
    const parentId = segments.length > 2 ? segments.slice(0, -1).join('/') : null;
    // Read afresh at every call, so the stamps the disk store keeps for its sweep mean nothing here.
    return { id: segments.join('/'), type, dir, slug: segments.at(-1)!, parentId, translations, style: storage.exists(style) ? storage.readText(style) : '', folderMtimeMs: -1, styleMtimeMs: -1, styleSize: -1 };
  };

  const entry = (id: string): Entry | undefined => {
    const segments = parseEntryId(id);
    const config = site();
    const type = config.types.find((candidate) => candidate.folder === segments[0]);
    return type && readEntry(type, segments, config);
  };

  const entries = (): Entry[] => {
    const config = site();
    const found: Entry[] = [];
    const walk = (type: ContentType, segments: string[]) => {
      for (const name of storage.list(join(contentDir, ...segments)).filter(isSlug)) {
        const child = [...segments, name];
        const read = readEntry(type, child, config);
        if (read) found.push(read);
        if (type.key === 'page' && child.length <= MAX_PAGE_DEPTH) walk(type, child);
      }
    };
    for (const type of config.types) walk(type, [type.folder]);
    return found;
  };

  return {
    root: MEMORY_ROOT,
    contentDir,
    trustedFolders,
    site,
    entry,
    entries,
    absoluteUrl: (path) => site().url + path,
    // A pass over every entry, as the disk store's path table answers (a published translation first).
    atPath: (path) => {
      const found = entries().flatMap((item) => [...item.translations.values()].filter((t) => t.path === path).map((translation) => ({ entry: item, translation })));
      return found.find((target) => target.translation.status === 'published') ?? found[0];
    },
    invalidate: () => {},
    mediaDir: (id) => join(contentDir, 'media', ...parseEntryId(id)),
    // Files only: a name with a file below it is a folder.
    mediaFiles: (id) => {
      const dir = join(contentDir, 'media', ...parseEntryId(id));
      return storage.list(dir).filter((name) => !name.startsWith('.') && storage.list(join(dir, name)).length === 0);
    },
  };
}
