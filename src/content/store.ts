import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { TextDecoder } from 'node:util';
import type { Clock } from '../lib/clock.js';
import { isTempFileName } from '../lib/atomic-write.js';
import { parseFrontMatter } from './front-matter.js';
import { parseEntryId, isSlug } from './entry-id.js';
import { loadSiteConfig } from './site-config.js';
import { buildTranslation } from './translation.js';
import type { ContentType, Entry, SiteConfig, Translation } from './types.js';

export interface ContentStoreOptions {
  root: string;
  clock: Clock;
  log: (line: string) => void;
  /** The public base address; overrides `url` in site.yaml (the address the site is really served at). */
  baseUrl?: () => string;
}

interface FileStamp { mtimeMs: number; size: number }

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Nested pages go at most this many folders below `pages/`. */
const MAX_DEPTH = 3;

/**
 * The flat-file content store: an in-memory index over `content/`, kept fresh by re-checking file stamps
 * (mtime + size) at most every few milliseconds — more rarely on large sites, scaled to what a check
 * costs. Polling, not fs.watch, because it works on every filesystem shared hosting offers (NFS included)
 * and needs no watcher per folder. Only changed files are parsed again. One broken file is skipped with a
 * warning; the rest of the site keeps serving.
 */
export class ContentStore {
  readonly root: string;
  readonly contentDir: string;
  private readonly clock: Clock;
  private readonly log: (line: string) => void;
  private readonly baseUrl: (() => string) | undefined;

  private siteConfig!: SiteConfig;
  private siteStamp = '';
  private byId = new Map<string, Entry>();
  private stamps = new Map<string, FileStamp>();
  private warned = new Set<string>();
  private lastCheck = -Infinity;
  private lastScanMs = 0;
  private generationValue = 0;

  constructor(options: ContentStoreOptions) {
    this.root = options.root;
    this.contentDir = join(options.root, 'content');
    this.clock = options.clock;
    this.log = options.log;
    this.baseUrl = options.baseUrl;
    this.rescan(true);
  }

  /** Increases whenever anything in the index changed; caches (ETags, rendered pages) key on it. */
  get generation(): number {
    this.refreshIfStale();
    return this.generationValue;
  }

  now(): number {
    return this.clock();
  }

  site(): SiteConfig {
    this.refreshIfStale();
    const url = this.baseUrl?.();
    if (url && url !== this.siteConfig.url) this.siteConfig = { ...this.siteConfig, url };
    return this.siteConfig;
  }

  typeByKey(key: string): ContentType | undefined {
    return this.site().types.find((type) => type.key === key);
  }

  entries(): Entry[] {
    this.refreshIfStale();
    return [...this.byId.values()];
  }

  /** The entry with this id, re-read from disk first; undefined when none. Throws for a malformed id. */
  entry(id: string): Entry | undefined {
    parseEntryId(id);
    this.refreshIfStale();
    return this.byId.get(id);
  }

  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const type of this.site().types) counts[type.key] = 0;
    for (const entry of this.byId.values()) counts[entry.type.key] = (counts[entry.type.key] ?? 0) + 1;
    return counts;
  }

  translation(entry: Entry, language: string): Translation | undefined {
    return entry.translations.get(language);
  }

  /** Makes the next read see files written just now (by this process or another). */
  invalidate(): void {
    this.lastCheck = -Infinity;
  }

  absoluteUrl(path: string): string {
    return this.site().url + path;
  }

  mediaDir(entryId: string): string {
    return join(this.contentDir, 'media', ...parseEntryId(entryId));
  }

  /** File names in the entry's media folder, sorted. */
  mediaFiles(entryId: string): string[] {
    try {
      return readdirSync(this.mediaDir(entryId), { withFileTypes: true })
        .filter((item) => item.isFile() && !item.name.startsWith('.'))
        .map((item) => item.name)
        .sort();
    } catch {
      return [];
    }
  }

  private refreshIfStale(): void {
    const now = this.clock();
    const interval = Math.min(1000, Math.max(5, this.lastScanMs * 25));
    if (now - this.lastCheck < interval && now >= this.lastCheck) return;
    this.rescan(false);
  }

  private rescan(first: boolean): void {
    const started = performance.now();
    this.lastCheck = this.clock();
    let changed = this.reloadSiteConfig(first);
    const seen = new Set<string>();
    const next = new Map<string, Entry>();
    for (const type of this.siteConfig.types) {
      const folder = join(this.contentDir, type.folder);
      for (const slug of subfolders(folder)) {
        changed = this.scanEntry(type, [type.folder, slug], null, next, seen, changed);
      }
    }
    for (const file of this.stamps.keys()) {
      if (!seen.has(file)) { this.stamps.delete(file); changed = true; }
    }
    if (next.size !== this.byId.size) changed = true;
    this.byId = next;
    if (changed) this.generationValue++;
    // The first scan parses every file; only re-checks tell what keeping fresh costs.
    if (!first) this.lastScanMs = performance.now() - started;
  }

  private reloadSiteConfig(first: boolean): boolean {
    const file = join(this.contentDir, 'site.yaml');
    let stamp = '';
    try {
      const stat = statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      if (first) throw new Error(`svc: ${file} is missing; run \`svc init\` to create a site.`);
    }
    if (stamp === this.siteStamp) return false;
    try {
      this.siteConfig = loadSiteConfig(file);
      this.siteStamp = stamp;
      // Every derived path depends on the site config: parse all files again.
      this.stamps.clear();
      return true;
    } catch (error) {
      if (first) throw error;
      this.warnOnce(file, `svc: ${(error as Error).message} Keeping the previous settings.`);
      return false;
    }
  }

  private scanEntry(type: ContentType, segments: string[], parentId: string | null, next: Map<string, Entry>, seen: Set<string>, changedIn: boolean): boolean {
    let changed = changedIn;
    const id = segments.join('/');
    const dir = join(this.contentDir, ...segments);
    const previous = this.byId.get(id);
    const translations = new Map<string, Translation>();
    let style = '';
    let styleStamp: FileStamp | undefined;
    let children: string[] = [];
    let items;
    try {
      items = readdirSync(dir, { withFileTypes: true });
    } catch {
      return changed;
    }
    for (const item of items) {
      if (item.isDirectory()) {
        if (isSlug(item.name)) children.push(item.name);
        continue;
      }
      if (!item.isFile() || isTempFileName(item.name)) continue;
      const file = join(dir, item.name);
      if (item.name === 'style.css') {
        styleStamp = stampOf(file);
        if (!styleStamp) continue;
        seen.add(file);
        const known = this.stamps.get(file);
        if (previous && known && sameStamp(known, styleStamp)) style = previous.style;
        else {
          try { style = readFileSync(file, 'utf8'); } catch { style = ''; }
          this.stamps.set(file, styleStamp);
          changed = true;
        }
        continue;
      }
      if (!item.name.endsWith('.md')) continue;
      const language = item.name.slice(0, -3);
      if (!(language in this.siteConfig.languages)) continue;
      const stamp = stampOf(file);
      if (!stamp) continue;
      seen.add(file);
      const known = this.stamps.get(file);
      const old = previous?.translations.get(language);
      if (old && known && sameStamp(known, stamp)) {
        translations.set(language, this.rederive(old, type, segments));
        continue;
      }
      changed = true;
      const translation = this.readTranslation(file, language, stamp, type, segments);
      this.stamps.set(file, stamp);
      if (translation) translations.set(language, translation);
    }
    if (translations.size > 0 && segments.length >= 2) {
      const entry: Entry = { id, type, dir, slug: segments[segments.length - 1]!, parentId, translations, style };
      next.set(id, entry);
    }
    if (type.key === 'page' && segments.length <= MAX_DEPTH) {
      children = children.sort();
      for (const child of children) changed = this.scanEntry(type, [...segments, child], translations.size > 0 ? id : parentId, next, seen, changed);
    }
    return changed;
  }

  /** Scheduled entries become published with time alone: re-derive status from the unchanged fields. */
  private rederive(old: Translation, type: ContentType, segments: string[]): Translation {
    if (old.fields.status !== 'scheduled' || old.status === 'published') return old;
    return buildTranslation({ ...old, pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: this.siteConfig, now: this.clock() });
  }

  private readTranslation(file: string, language: string, stamp: FileStamp, type: ContentType, segments: string[]): Translation | undefined {
    try {
      const text = strictUtf8.decode(readFileSync(file));
      const { fields, body } = parseFrontMatter(text);
      this.warned.delete(file);
      return buildTranslation({
        language, file, mtimeMs: stamp.mtimeMs, size: stamp.size, fields, body,
        pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: this.siteConfig, now: this.clock(),
      });
    } catch (error) {
      const reason = error instanceof TypeError ? 'it is not valid UTF-8' : (error as Error).message.split('\n')[0];
      this.warnOnce(file, `svc: skipping ${file.slice(this.root.length + 1)}: ${reason}`);
      return undefined;
    }
  }

  private warnOnce(key: string, line: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log(line);
  }
}

/** URL prefix of a type (D3): posts and pages at the root, tags under /tag, custom types under their folder. */
export function pathPrefixOf(type: ContentType): string {
  if (type.key === 'post' || type.key === 'page') return '';
  if (type.key === 'tag') return '/tag';
  return `/${type.folder}`;
}

function subfolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((item) => item.isDirectory() && isSlug(item.name)).map((item) => item.name).sort();
  } catch {
    return [];
  }
}

function stampOf(file: string): FileStamp | undefined {
  try {
    const stat = statSync(file);
    return { mtimeMs: stat.mtimeMs, size: stat.size };
  } catch {
    return undefined;
  }
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.mtimeMs === b.mtimeMs && a.size === b.size;
}
