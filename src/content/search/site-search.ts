// Full-text search over the site's entries (issue 35): an FTS5 index in data/cache/search.sqlite, built in
// the background when missing or damaged (never on a request's path, never delaying a start), and kept in
// step with the content by the change feed: every process follows it and applies what it has not applied
// yet, the feed's seq kept in the index itself (in the same transaction as the rows, so an event is applied
// once whichever process gets there first, and a crash loses nothing). One process at a time builds (a lease
// as the finder's, data/feed/search.json). Who may find what follows the spec's role rules (content-rights.ts
// makes the Searcher).
import type { Clock } from '../../lib/clock.js';
import { statNoFollow } from '../../lib/no-follow.js';
import type { ChangeFeed } from '../../feed/change-feed.js';
import { FeedFollower } from '../../feed/feed-follower.js';
import { FinderLease } from '../../feed/finder-lease.js';
import type { Entry, SiteConfig, Translation } from '../entries/types.js';
import { isDamaged, SearchDatabase, SearchUnavailable, type SearchReader, type SearchStatus } from './search-database.js';
import { applyFeed } from './index-follow.js';
import { searchTerms } from './search-terms.js';
import { snippetParts, type SnippetPart } from './search-snippet.js';
import { BuildProgress } from './build-progress.js';
import { buildIndex, stemmedLanguage } from './index-build.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export { MAX_QUERY_CHARS } from './search-terms.js';
export { snippetHtml, snippetMarkdown, type SnippetPart } from './search-snippet.js';
export type { SearchStatus } from './search-database.js';

/** The best matches a search reads at most: pages past them are empty (as every web search's are). */
export const MAX_HITS = 1_000;

/** What the index needs from the content store (store.ts passes itself). */
export interface SearchSource {
  site(): SiteConfig;
  /** Every entry's id (the build's list, each looked up as it comes: passingEntry). */
  entryIds(): string[];
  /** The entry as the index has it, for the build's pass (not kept: 100,000 held for the build were some 100 MB). */
  passingEntry(id: string): Entry | undefined;
  /** The entry as the index has it, without reading its folder. */
  indexed(id: string): Entry | undefined;
  /** The entry read again from disk (a change just recorded in the feed). */
  entry(id: string): Entry | undefined;
  now(): number;
}

export interface SiteSearchOptions {
  source: SearchSource;
  /** data/cache/search.sqlite, or ':memory:' for a store without a cache folder. */
  file: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trustedFolders: TrustedFolders;
  /** The change feed (null: a store without a data folder, whose index follows nothing after its build). */
  feed: ChangeFeed | null;
  /** Where the lease's lock is taken (data/locks); null: this process builds. */
  locksDir: string | null;
  clock: Clock;
  log: (line: string) => void;
  /** How often the build says how far it is (tests: 0, every slice). */
  progressEveryMs?: number;
}

/**
 * Who searches, by the spec's role rules (content-rights.ts makes it from a token's or person's principal):
 * `reader` for the index's SQL (null: anyone, public translations only), `sees` for each row answered.
 */
export interface Searcher {
  reader: SearchReader | null;
  sees: (entry: Entry, translation: Translation) => boolean;
}

export interface SearchRequest {
  text: string;
  language: string;
  /** A type key, or null for every type. */
  type: string | null;
  searcher: Searcher;
  status?: SearchStatus;
  limit: number;
  offset?: number;
  /** false: rows without snippets (empty), for a caller that shows none. */
  snippets?: boolean;
}

export interface SearchRow { entry: Entry; translation: Translation; score: number; snippet: SnippetPart[] }

export type SearchAnswer =
  | { ready: true; rows: SearchRow[]; total: number; words: string[] }
  /** Not ready: being built (how far), or not to be had on this Node (`unavailable` says why). */
  | { ready: false; done: number; total: number; percent: number; unavailable?: string };

export type SearchState =
  | { state: 'ready'; translations: number }
  | { state: 'building'; done: number; total: number; percent: number }
  | { state: 'unavailable'; reason: string }
  | { state: 'idle' };


export class SiteSearch {
  private readonly db: SearchDatabase;
  private follower: FeedFollower | null = null;
  private lease: FinderLease | null = null;
  private holding = false;
  private started = false;
  private stopped = false;
  private building: BuildProgress | null = null;
  /** Why search cannot be had here (a Node whose SQLite lacks FTS5), or null. */
  private unavailable: string | null = null;
  private openedIno: number | bigint | undefined;
  /** Whether the feed's next events are to be applied a turn later (follow). */
  private followLater = false;

  constructor(private readonly options: SiteSearchOptions) {
    this.db = new SearchDatabase(options.trustedFolders, options.file);
  }

  /** Opens the index and follows the feed; builds it in the background when missing (the server at its start, others at their first search). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    const { feed, locksDir, clock, log } = this.options;
    try {
      this.guard(() => this.openFile());
    } catch (error) {
      if (!(error instanceof SearchUnavailable)) throw error;
      this.unavailable = error.message;
      log(`svc: ${error.message} The site is served without search.`);
      return;
    }
    if (feed) {
      this.follower = new FeedFollower({ feed, log, onEvents: () => this.follow() });
      this.follower.start();
    }
    if (feed && locksDir !== null) {
      this.lease = new FinderLease({
        trustedFolders: this.options.trustedFolders, feedDir: feed.dir, lockPath: join(locksDir, 'search.lock'), fileName: 'search.json', clock, log,
        onChange: (holding) => { this.holding = holding; this.buildIfNeeded(); },
      });
      this.lease.start();
    } else {
      this.holding = true;
      this.buildIfNeeded();
    }
    // What was recorded while no process of this site followed the feed (the command line, another session).
    this.follow();
  }

  /** Stops following and building (a stop, or a store a test is done with). */
  close(): void {
    this.stopped = true;
    this.follower?.stop();
    this.lease?.stop();
    this.building = null;
    this.db.close();
  }

  /** Where the index stands, for the panel and the logs. */
  state(): SearchState {
    if (this.unavailable !== null) return { state: 'unavailable', reason: this.unavailable };
    if (this.building) return { state: 'building', ...this.building.counts() };
    if (!this.started) return { state: 'idle' };
    const ready = this.guard(() => this.db.meta('state') === 'ready');
    if (!ready) return { state: 'building', ...this.progressInFile() };
    return { state: 'ready', translations: this.guard(() => this.db.size()) ?? 0 };
  }

  /**
   * The best matches for what a reader typed, as they may see them: title, address and text from the
   * content as it is now (a row the index still holds for a translation gone or hidden since is left out).
   */
  search(request: SearchRequest): SearchAnswer {
    if (this.stopped) return { ready: false, done: 0, total: 0, percent: 0 };
    this.start();
    if (this.unavailable !== null) return { ready: false, done: 0, total: 0, percent: 0, unavailable: this.unavailable };
    this.follower?.catchUpBeforeRead();
    this.checkFile();
    const notReady = (): SearchAnswer => ({ ready: false, ...(this.building?.counts() ?? this.progressInFile()) });
    if (this.building || this.guard(() => this.db.meta('state')) !== 'ready') return notReady();
    const { match, words } = searchTerms(request.text);
    if (match === null) return { ready: true, rows: [], total: 0, words };
    const offset = Math.min(request.offset ?? 0, MAX_HITS);
    const { searcher } = request;
    const found = this.guard(() => this.db.search({
      match, language: request.language, stemmed: stemmedLanguage(request.language), type: request.type, reader: searcher.reader,
      status: request.status ?? 'published', now: this.options.source.now(), limit: Math.max(0, Math.min(request.limit, MAX_HITS - offset)), offset,
      snippets: request.snippets ?? true,
    }, MAX_HITS));
    if (found === undefined) return notReady();
    const rows: SearchRow[] = [];
    for (const hit of found.hits) {
      const entry = this.options.source.indexed(hit.entry);
      const translation = entry?.translations.get(hit.language);
      if (!entry || !translation || !searcher.sees(entry, translation)) continue;
      rows.push({ entry, translation, score: hit.score, snippet: snippetParts(hit.snippet) });
    }
    return { ready: true, rows, total: found.total, words };
  }

  private openFile(): void {
    this.db.open();
    this.openedIno = this.options.file === ':memory:' ? undefined : statNoFollow(this.options.trustedFolders, this.options.file)?.ino;
  }

  /** A file removed or replaced under the index (by hand, by another process that found it damaged): opened anew. */
  private checkFile(): void {
    if (this.options.file === ':memory:' || !this.started || this.unavailable !== null) return;
    if (statNoFollow(this.options.trustedFolders, this.options.file)?.ino === this.openedIno) return;
    this.db.close();
    this.building = null;
    this.guard(() => this.openFile());
    this.buildIfNeeded();
  }

  /** Runs `work` on the index; a damaged file is removed and built anew (undefined: nothing to answer now). */
  private guard<T>(work: () => T): T | undefined {
    try {
      return work();
    } catch (error) {
      if (!isDamaged(error)) throw error;
      this.options.log(`svc: the search index ${this.options.file} is damaged (${(error as Error).message}); it is built anew.`);
      this.building = null;
      this.db.discard();
      try { this.openFile(); } catch { /* tried again at the next search */ }
      queueMicrotask(() => this.buildIfNeeded());
      return undefined;
    }
  }

  /** The build's progress as the builder wrote it in the file (another process may be building). */
  private progressInFile(): { done: number; total: number; percent: number } {
    const [done = 0, total = 0] = (this.guard(() => this.db.meta('progress')) ?? '0/0').split('/').map(Number);
    return { done, total, percent: total > 0 ? Math.floor((done / total) * 100) : 0 };
  }

  private buildIfNeeded(): void {
    if (this.unavailable !== null || !this.holding || this.building || this.stopped || !this.started) return;
    if (this.guard(() => this.db.meta('state')) === 'ready') { this.follow(); return; }
    void this.build();
  }

  /** Applies the feed's events this index has not seen yet (index-follow.ts); rebuilds when the feed cannot say. */
  private follow(): void {
    if (this.unavailable !== null || this.stopped || this.building || !this.options.feed) return;
    this.checkFile();
    const { feed, source } = this.options;
    const outcome = this.guard(() => applyFeed(this.db, feed, source));
    if (outcome === 'rebuild') this.buildIfNeeded();
    // Many events (a start after a large import): the rest a turn later, requests answered in between.
    if (outcome === 'more' && !this.followLater) {
      this.followLater = true;
      setImmediate(() => { this.followLater = false; this.follow(); });
    }
  }

  /** Every translation indexed anew in a new file (index-build.ts); then the feed since the build began. */
  private async build(): Promise<void> {
    const { source, feed, log } = this.options;
    const ids = source.entryIds();
    const progress = (this.building = new BuildProgress(ids.length, log, this.options.progressEveryMs));
    try {
      // A new file rather than every row deleted (seconds at 100,000 posts); a process with the old one open
      // sees it replaced at its next look (checkFile) and opens this one.
      this.db.discard();
      this.openFile();
      const built = await buildIndex(this.db, { ids, entry: (id) => source.passingEntry(id), site: source.site(), startSeq: feed?.end().seq ?? 0, progress, wanted: () => this.building === progress });
      if (!built) return;
    } catch (error) {
      if (this.building !== progress) return;
      this.building = null;
      if (isDamaged(error)) { this.guard(() => { throw error; }); return; }
      log(`svc: building the search index failed: ${(error as Error)?.message ?? error}; it is tried again at the next start.`);
      return;
    }
    this.building = null;
    this.follow();
  }
}
