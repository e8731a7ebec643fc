import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { TextDecoder } from 'node:util';
import type { Clock } from '../lib/clock.js';
import { isTempFileName } from '../lib/atomic-write.js';
import { parseFrontMatter } from './front-matter.js';
import { parseEntryId, isSlug } from './entry-id.js';
import { loadSiteConfig } from './site-config.js';
import { buildTranslation } from './translation.js';
import { parseSiteTime } from '../lib/time-zone.js';
import type { ContentType, Entry, SiteConfig, Translation } from './types.js';
import { ListIndex } from './list-index.js';

export interface ContentStoreOptions {
  root: string;
  clock: Clock;
  log: (line: string) => void;
  /** The public base address; overrides `url` in site.yaml (the address the site is really served at). */
  baseUrl?: () => string;
  /**
   * Told (soon after, never during a read) about a scheduled translation found due, so its file can be
   * rewritten as published (D2).
   */
  onScheduledDue?: (entryId: string, language: string) => void;
}

interface FileStamp { mtimeMs: number; size: number }

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Nested pages go at most this many folders below `pages/`. */
const MAX_DEPTH = 3;
/** How often the index looks at the disk at most, and how long one look may take. */
const MIN_CHECK_INTERVAL_MS = 5;
const SWEEP_BUDGET_MS = 2;
/** The pause after a check, as a multiple of what the check took: 50 keeps checking near 2 % of the time. */
const CHECK_INTERVAL_FACTOR = 50;

/**
 * The flat-file content store: an in-memory index over `content/`, kept fresh by re-checking file stamps
 * (mtime + size) in small slices (see refreshIfStale). Polling, not fs.watch, because it works on every
 * filesystem shared hosting offers (NFS included) and needs no watcher per folder. Only changed files are
 * parsed again. One broken file is skipped with a warning; the rest of the site keeps serving.
 */
export class ContentStore {
  readonly root: string;
  readonly contentDir: string;
  private readonly clock: Clock;
  private readonly log: (line: string) => void;
  private readonly baseUrl: (() => string) | undefined;
  private readonly onScheduledDue: ((entryId: string, language: string) => void) | undefined;
  private readonly due = new Set<string>();

  private siteConfig!: SiteConfig;
  private siteStamp = '';
  private byId = new Map<string, Entry>();
  /** Sorted lists over byId, changed with it (see setEntry, deleteEntry, fullScan). */
  private readonly listIndex = new ListIndex(() => this.siteConfig);
  /** mtime + size of every style.css read so far (translations carry their own). */
  private styleStamps = new Map<string, FileStamp>();
  /** Set while a full scan must parse every file again (the site settings changed). */
  private stale = false;
  /** mtime of each type folder, to notice entries added or removed at the top level. */
  private folderStamps = new Map<string, number>();
  private warned = new Set<string>();
  private lastCheck = -Infinity;
  private indexed = false;
  private countedFromFolders = false;
  /** Grows with what a check costs, so keeping fresh never takes more than about 2 % of the time. */
  private checkInterval = MIN_CHECK_INTERVAL_MS;
  private sweep: string[] = [];
  private cursor = 0;
  private fullScanPending = false;
  private nextTimedChange = Infinity;
  private entryList: Entry[] | null = null;
  private generationValue = 0;

  constructor(options: ContentStoreOptions) {
    this.root = options.root;
    this.contentDir = join(options.root, 'content');
    this.clock = options.clock;
    this.log = options.log;
    this.baseUrl = options.baseUrl;
    this.onScheduledDue = options.onScheduledDue;
    this.reloadSiteConfig(true);
    // The index is built on first use: a stdio process answering site_info needs only settings and counts.
  }

  now(): number {
    return this.clock();
  }

  /** Increases whenever anything in the index changed; caches (ETags, rendered pages) key on it. */
  get generation(): number {
    this.refreshIfStale();
    return this.generationValue;
  }

  /** Whether the index has been built (callers that only cache answers skip caching before it is). */
  get ready(): boolean {
    return this.indexed;
  }

  site(): SiteConfig {
    if (this.indexed) this.refreshIfStale();
    else this.refreshSettingsOnly();
    const url = this.baseUrl?.();
    if (url && url !== this.siteConfig.url) this.siteConfig = { ...this.siteConfig, url };
    return this.siteConfig;
  }

  typeByKey(key: string): ContentType | undefined {
    return this.site().types.find((type) => type.key === key);
  }

  /** The sorted lists (per type, language, status, tag, category) that list queries read. */
  lists(): ListIndex {
    this.refreshIfStale();
    return this.listIndex;
  }

  entries(): Entry[] {
    this.refreshIfStale();
    this.entryList ??= [...this.byId.values()];
    return this.entryList;
  }

  /**
   * The entry with this id, read again from disk first (so a change made by another process a moment ago
   * is seen); undefined when none. Throws for a malformed id.
   */
  entry(id: string): Entry | undefined {
    const segments = parseEntryId(id);
    this.refreshIfStale();
    if (this.byId.has(id)) this.checkEntry(id);
    else {
      const type = this.siteConfig.types.find((t) => t.folder === segments[0]);
      if (type && (segments.length === 2 || type.key === 'page')) this.scanNewEntry(type, segments);
    }
    return this.byId.get(id);
  }

  /** Entries per type. The first time, before the index exists, entry folders are counted without reading a file. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    const types = this.site().types;
    for (const type of types) counts[type.key] = 0;
    // Once: a short-lived stdio process answering site_info never needs the index. Asked again, build it.
    if (!this.indexed && !this.countedFromFolders) {
      this.countedFromFolders = true;
      for (const type of types) counts[type.key] = this.countEntryFolders(type, join(this.contentDir, type.folder), 1);
      return counts;
    }
    this.refreshIfStale();
    for (const entry of this.byId.values()) counts[entry.type.key] = (counts[entry.type.key] ?? 0) + 1;
    return counts;
  }

  /** Folders holding at least one translation file, nested pages included (what the index would list). */
  private countEntryFolders(type: ContentType, dir: string, depth: number): number {
    const languages = Object.keys(this.siteConfig.languages);
    let count = 0;
    for (const slug of subfolders(dir)) {
      const folder = join(dir, slug);
      // An entry folder holds a `<language>.md`; asking for those names is cheaper than listing the folder.
      if (languages.some((language) => existsSync(join(folder, `${language}.md`)))) count++;
      if (type.key === 'page' && depth < MAX_DEPTH) count += this.countEntryFolders(type, folder, depth + 1);
    }
    return count;
  }


  translation(entry: Entry, language: string): Translation | undefined {
    return entry.translations.get(language);
  }

  /**
   * Makes the next read see files written just now. With an id only that entry is read again (what a
   * writer in this process knows); without one the whole tree is checked.
   */
  invalidate(id?: string): void {
    // Without an index there is nothing to update: the first scan reads everything.
    if (!this.indexed) return;
    if (id === undefined) { this.fullScanPending = true; return; }
    const segments = parseEntryId(id);
    if (this.byId.has(id)) this.checkEntry(id);
    else {
      const type = this.siteConfig.types.find((t) => t.folder === segments[0]);
      if (type) this.scanNewEntry(type, segments);
    }
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

  /**
   * Keeps the index fresh without a watcher: at most every few milliseconds it checks site.yaml and the
   * type folders (new or removed entries), then re-checks the stamps of as many entries as fit in a
   * small time budget, continuing where it stopped last time, and waits fifty times as long as the check
   * took before the next one. A small site is checked whole every few milliseconds; a 10,000-entry site is
   * swept every few seconds, never blocking a request for more than a couple of milliseconds.
   */
  private refreshIfStale(): void {
    const now = this.clock();
    if (!this.indexed) {
      this.indexed = true;
      this.lastCheck = now;
      this.reloadSiteConfig(false);
      this.fullScan();
      return;
    }
    if (this.fullScanPending) {
      this.fullScanPending = false;
      this.lastCheck = now;
      this.reloadSiteConfig(false);
      this.fullScan();
      return;
    }
    if (now - this.lastCheck < this.checkInterval && now >= this.lastCheck) return;
    this.lastCheck = now;
    if (this.reloadSiteConfig(false)) { this.fullScan(); return; }
    this.checkTypeFolders();
    this.sweepSome(SWEEP_BUDGET_MS);
    if (now >= this.nextTimedChange) this.applyTimedChanges(now);
  }

  private refreshSettingsOnly(): void {
    const now = this.clock();
    if (now - this.lastCheck < MIN_CHECK_INTERVAL_MS && now >= this.lastCheck) return;
    this.lastCheck = now;
    this.reloadSiteConfig(false);
  }

  /** The index and its sorted lists change together. */
  private setEntry(entry: Entry): void {
    this.byId.set(entry.id, entry);
    this.listIndex.put(entry);
  }

  private deleteEntry(id: string): void {
    this.byId.delete(id);
    this.listIndex.remove(id);
  }

  private changed(): void {
    this.generationValue++;
    this.entryList = null;
  }

  private fullScan(): void {
    const previous = this.byId;
    const next = new Map<string, Entry>();
    const seen = new Set<string>();
    for (const type of this.siteConfig.types) {
      const folder = join(this.contentDir, type.folder);
      this.folderStamps.set(folder, mtimeOf(folder));
      for (const slug of subfolders(folder)) this.scanTree(type, [type.folder, slug], null, next, previous, seen);
    }
    for (const file of this.styleStamps.keys()) if (!seen.has(file)) this.styleStamps.delete(file);
    this.stale = false;
    this.byId = next;
    this.listIndex.rebuild(next.values());
    this.sweep = [];
    this.cursor = 0;
    this.nextTimedChange = this.computeNextTimedChange();
    this.changed();
  }

  private scanTree(type: ContentType, segments: string[], parentId: string | null, into: Map<string, Entry>, previous: Map<string, Entry>, seen?: Set<string>): void {
    const { entry, children } = this.readEntry(type, segments, parentId, previous.get(segments.join('/')), seen);
    if (entry) into.set(entry.id, entry);
    if (type.key === 'page' && segments.length <= MAX_DEPTH) {
      for (const child of children) this.scanTree(type, [...segments, child], entry ? entry.id : parentId, into, previous, seen);
    }
  }

  /** An entry folder this index does not know yet (made by another process or a writer just now). */
  private scanNewEntry(type: ContentType, segments: string[]): void {
    if (!existsSync(join(this.contentDir, ...segments))) return;
    const parentId = segments.length > 2 ? this.nearestParent(segments) : null;
    const found = new Map<string, Entry>();
    this.scanTree(type, segments, parentId, found, this.byId);
    if (found.size === 0) return;
    for (const entry of found.values()) this.setEntry(entry);
    this.noteTimes(found.values());
    this.changed();
  }

  private nearestParent(segments: string[]): string | null {
    for (let n = segments.length - 1; n >= 2; n--) {
      const id = segments.slice(0, n).join('/');
      if (this.byId.has(id)) return id;
    }
    return null;
  }

  /** Reads one entry folder again; removes the entry (and, when its folder is gone, its children). */
  private checkEntry(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    const segments = id.split('/');
    if (!existsSync(entry.dir)) {
      for (const other of [...this.byId.keys()]) if (other === id || other.startsWith(id + '/')) this.deleteEntry(other);
      this.changed();
      return;
    }
    const before = this.generationValue;
    let dirty = false;
    const { entry: fresh, children, changed } = this.readEntry(entry.type, segments, entry.parentId, entry);
    if (!fresh) { this.deleteEntry(id); dirty = true; }
    else if (changed) { this.setEntry(fresh); this.noteTimes([fresh]); dirty = true; }
    if (entry.type.key === 'page' && segments.length <= MAX_DEPTH) {
      for (const child of children) {
        if (!this.byId.has(`${id}/${child}`)) this.scanNewEntry(entry.type, [...segments, child]);
      }
    }
    if (dirty && this.generationValue === before) this.changed();
  }

  private checkTypeFolders(): void {
    for (const type of this.siteConfig.types) {
      const folder = join(this.contentDir, type.folder);
      const mtime = mtimeOf(folder);
      if (this.folderStamps.get(folder) === mtime) continue;
      this.folderStamps.set(folder, mtime);
      const slugs = new Set(subfolders(folder));
      for (const slug of slugs) if (!this.byId.has(`${type.folder}/${slug}`)) this.scanNewEntry(type, [type.folder, slug]);
      let removed = false;
      for (const id of [...this.byId.keys()]) {
        const [folderName, slug] = id.split('/');
        if (folderName === type.folder && !slugs.has(slug!)) { this.deleteEntry(id); removed = true; }
      }
      if (removed) this.changed();
    }
  }

  private sweepSome(budgetMs: number): void {
    const started = performance.now();
    if (this.cursor >= this.sweep.length) { this.sweep = [...this.byId.keys()]; this.cursor = 0; }
    while (this.cursor < this.sweep.length) {
      this.checkEntry(this.sweep[this.cursor++]!);
      if ((this.cursor & 15) === 0 && performance.now() - started > budgetMs) break;
    }
    this.checkInterval = Math.max(MIN_CHECK_INTERVAL_MS, (performance.now() - started) * CHECK_INTERVAL_FACTOR);
  }

  /** Scheduled translations whose time came, and date-category entries whose start passed. */
  private applyTimedChanges(now: number): void {
    for (const [id, entry] of this.byId) {
      let updated: Map<string, Translation> | null = null;
      for (const [language, translation] of entry.translations) {
        const fresh = this.rederive(translation, entry.type, id.split('/'));
        if (fresh === translation) continue;
        (updated ??= new Map(entry.translations)).set(language, fresh);
        if (fresh.status === 'published') this.noteDue(id, language);
      }
      if (updated) this.setEntry({ ...entry, translations: updated });
    }
    this.nextTimedChange = this.computeNextTimedChange(now);
    this.changed();
  }

  private computeNextTimedChange(now = this.clock()): number {
    let next = Infinity;
    for (const entry of this.byId.values()) next = Math.min(next, nextTimeOf(entry, now, this.siteConfig.timezone));
    return next;
  }

  private noteTimes(entries: Iterable<Entry>): void {
    const now = this.clock();
    for (const entry of entries) this.nextTimedChange = Math.min(this.nextTimedChange, nextTimeOf(entry, now, this.siteConfig.timezone));
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
      this.stale = true;
      this.styleStamps.clear();
      return true;
    } catch (error) {
      if (first) throw error;
      this.warnOnce(file, `svc: ${(error as Error).message} Keeping the previous settings.`);
      this.siteStamp = stamp;
      return false;
    }
  }

  /** Reads an entry folder, reusing translations whose file stamps did not change. */
  private readEntry(type: ContentType, segments: string[], parentId: string | null, previous: Entry | undefined, seen?: Set<string>): { entry: Entry | undefined; children: string[]; changed: boolean } {
    let changed = false;
    const id = segments.join('/');
    const dir = join(this.contentDir, ...segments);
    // One string for the folder, shared by the translations (their file paths are derived from it).
    const folder = dir + sep;
    const translations = new Map<string, Translation>();
    const children: string[] = [];
    let style = '';
    let items;
    try {
      items = readdirSync(dir, { withFileTypes: true });
    } catch {
      return { entry: undefined, children, changed: previous !== undefined };
    }
    for (const item of items) {
      if (item.isDirectory()) {
        if (isSlug(item.name)) children.push(item.name);
        continue;
      }
      if (!item.isFile() || isTempFileName(item.name)) continue;
      const file = join(dir, item.name);
      const isStyle = item.name === 'style.css';
      const language = item.name.endsWith('.md') ? item.name.slice(0, -3) : '';
      if (!isStyle && !Object.hasOwn(this.siteConfig.languages, language)) continue;
      const stamp = stampOf(file);
      if (!stamp) continue;
      seen?.add(file);
      if (isStyle) {
        const known = this.styleStamps.get(file);
        if (previous !== undefined && known !== undefined && sameStamp(known, stamp)) style = previous.style;
        else {
          try { style = readFileSync(file, 'utf8'); } catch { style = ''; }
          this.styleStamps.set(file, stamp);
          changed = true;
        }
        continue;
      }
      const old = previous?.translations.get(language);
      if (old && !this.stale && sameStamp(old, stamp)) { translations.set(language, old); continue; }
      changed = true;
      const translation = this.readTranslation(folder, language, stamp, type, segments);
      if (translation) translations.set(language, translation);
    }
    if (previous && (previous.translations.size !== translations.size || (previous.style !== '' && style === ''))) changed = true;
    children.sort();
    if (translations.size === 0) return { entry: undefined, children, changed: changed || previous !== undefined };
    const entry: Entry = { id, type, dir, slug: segments[segments.length - 1]!, parentId, translations, style };
    return { entry: changed || !previous ? entry : previous, children, changed: changed || !previous };
  }

  /** Scheduled entries become published with time alone: re-derive status from the unchanged fields. */
  private rederive(old: Translation, type: ContentType, segments: string[]): Translation {
    if (old.status !== 'scheduled') return old;
    const fresh = buildTranslation({ ...old, dir: old.file.slice(0, -(old.language.length + 3)), fields: old.fields, body: null, pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: this.siteConfig, now: this.clock() });
    return fresh.status === old.status ? old : fresh;
  }

  private readTranslation(folder: string, language: string, stamp: FileStamp, type: ContentType, segments: string[]): Translation | undefined {
    const file = `${folder}${language}.md`;
    try {
      const text = strictUtf8.decode(readFileSync(file));
      // A round trip through JSON makes fresh strings: substrings would keep the whole file text alive.
      const fields = JSON.parse(JSON.stringify(parseFrontMatter(text).fields)) as Record<string, unknown>;
      // (Only the summary built from these stays in memory; `fields` is read again when asked for.)
      this.warned.delete(file);
      const translation = buildTranslation({
        language, dir: folder, mtimeMs: stamp.mtimeMs, size: stamp.size, fields, body: null,
        pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: this.siteConfig, now: this.clock(),
      });
      if (fields.status === 'scheduled' && translation.status === 'published') this.noteDue(segments.join('/'), language);
      return translation;
    } catch (error) {
      const reason = error instanceof TypeError ? 'it is not valid UTF-8' : (error as Error).message.split('\n')[0];
      this.warnOnce(file, `svc: skipping ${file.slice(this.root.length + 1)}: ${reason}`);
      return undefined;
    }
  }

  /** Queues a due scheduled translation for onScheduledDue, after the read that found it. */
  private noteDue(entryId: string, language: string): void {
    if (!this.onScheduledDue) return;
    if (this.due.size === 0) {
      setImmediate(() => {
        const due = [...this.due];
        this.due.clear();
        for (const key of due) {
          const [id, lang] = key.split('\n') as [string, string];
          try { this.onScheduledDue!(id, lang); } catch (error) { this.log(`svc: could not mark ${id} (${lang}) as published: ${(error as Error).message}`); }
        }
      });
    }
    this.due.add(`${entryId}\n${language}`);
  }

  private warnOnce(key: string, line: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.log(line);
  }
}

/** The next instant at which this entry changes by time alone: a scheduled time or an event start. */
function nextTimeOf(entry: Entry, now: number, timeZone: string): number {
  let next = Infinity;
  for (const translation of entry.translations.values()) {
    if (translation.status === 'scheduled' && translation.dateMs > now) next = Math.min(next, translation.dateMs);
    if (translation.start !== null) {
      const at = parseSiteTime(translation.start, timeZone);
      if (at !== null && at > now) next = Math.min(next, at);
    }
  }
  return next;
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

function mtimeOf(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return -1;
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
