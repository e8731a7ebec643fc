// Full-text search over the site's entries (issue 35): an FTS5 index in data/cache/search.sqlite, built in
// the background when missing or damaged (never on a request's path, never delaying a start), and kept in
// step with the content by the change feed: every process follows it and applies what it has not applied
// yet, the feed's seq kept in the index itself (in the same transaction as the rows, so an event is applied
// once whichever process gets there first, and a crash loses nothing). One process at a time builds (a lease
// as the finder's, data/feed/search.json). Who may find what follows the spec's role rules (content-rights.ts
// makes the Searcher). A server builds in a thread of its own (build-thread.ts), whose memory ends with it.
import { statNoFollow } from '../../lib/no-follow.js';
import { FeedFollower } from '../../feed/feed-follower.js';
import { FinderLease } from '../../feed/finder-lease.js';
import { SearchDatabase, SearchUnavailable } from './search-database.js';
import { isDamaged } from './damaged-index.js';
import { applyFeed } from './index-follow.js';
import { searchTerms } from './search-terms.js';
import { snippetParts } from './search-snippet.js';
import { BuildProgress } from './build-progress.js';
import { buildIndex, stemmedLanguage, type BuildInput } from './index-build.js';
import { buildInThread } from './build-thread.js';
import type { SearchAnswer, SearchRequest, SearchRow, SearchState, SiteSearchOptions } from './search-types.js';
import { dirname, join } from 'node:path';

export { characterCount, MAX_QUERY_CHARS } from './search-terms.js';
export { snippetHtml, snippetMarkdown, type SnippetPart } from './search-snippet.js';
export type { SearchStatus } from './search-database.js';
export type { SearchAnswer, Searcher, SearchRequest, SearchRow, SearchSource, SearchState, SiteSearchOptions } from './search-types.js';

/** The best matches a search reads at most: pages past them are empty (as every web search's are). */
export const MAX_HITS = 1_000;
/** Builds tried in a thread before one is made on the server's thread (a thread that fails twice may always fail). */
const THREAD_TRIES = 2;
/** How long after a failed build in a thread the next is begun. */
const RETRY_MS = 1_000;

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
  /** Stops the build running in a thread, or null. */
  private stopThread: (() => void) | null = null;
  /** Builds in a thread that failed in a row. */
  private threadFailures = 0;

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
    this.dropBuild();
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
      snippets: request.snippets ?? true, order: request.order ?? 'best',
    }, MAX_HITS));
    if (found === undefined) return notReady();
    const rows: SearchRow[] = [];
    const entries = this.options.source.indexedAll(found.hits.map((hit) => hit.entry));
    for (const [at, hit] of found.hits.entries()) {
      const entry = entries[at];
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
    this.dropBuild();
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
      this.dropBuild();
      this.db.discard();
      try { this.openFile(); } catch { /* tried again at the next search */ }
      queueMicrotask(() => this.buildIfNeeded());
      return undefined;
    }
  }

  /** The build in progress is given up (its thread stopped): a newer one follows, or none (a stop). */
  private dropBuild(): void {
    this.building = null;
    this.stopThread?.();
    this.stopThread = null;
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

  /**
   * Every translation indexed anew in a new file, in a thread of its own (build-thread.ts) or, for an index
   * in memory and after a thread failed twice, on this one (index-build.ts); then the feed since it began.
   */
  private async build(): Promise<void> {
    const { source, feed, log, file } = this.options;
    // The feed's seq before the ids: what changes from here on is applied after the build.
    const startSeq = feed?.end().seq ?? 0;
    const ids = source.entryIds();
    const progress = (this.building = new BuildProgress(ids.length, log, this.options.progressEveryMs));
    const inThread = file !== ':memory:' && this.threadFailures < THREAD_TRIES;
    try {
      await source.settled().catch(() => { /* the build goes on without waiting */ });
      if (this.building !== progress) return;
      // A new file rather than every row deleted (seconds at 100,000 posts); a process with the old one open
      // sees it replaced at its next look (checkFile) and opens this one.
      this.db.discard();
      this.openFile();
      const input = { ids, site: source.site(), startSeq, now: () => source.now(), progress, wanted: () => this.building === progress };
      const built = inThread ? await this.buildInThread(input) : await buildIndex(this.db, { ...input, entry: (id) => source.passingEntry(id) });
      if (!built) return;
    } catch (error) {
      if (this.building !== progress) return;
      this.building = null;
      if (isDamaged(error)) { this.guard(() => { throw error; }); return; }
      const reason = (error as Error)?.message ?? error;
      if (!inThread) { log(`svc: building the search index failed: ${reason}; it is tried again at the next start.`); return; }
      // Searches meanwhile say that it is being built, as far as the file says.
      const where = ++this.threadFailures < THREAD_TRIES ? 'in a new thread' : 'on the server\'s thread';
      log(`svc: building the search index failed in its thread (${reason}); it is built again ${where} in a moment.`);
      setTimeout(() => this.buildIfNeeded(), RETRY_MS).unref();
      return;
    }
    if (inThread) this.threadFailures = 0;
    this.building = null;
    this.follow();
  }

  private buildInThread(input: Omit<BuildInput, 'entry'>): Promise<boolean> {
    const { source, file, dataDir } = this.options;
    const build = buildInThread({ ...input, ...this.options.thread, file, root: source.root, contentDir: source.contentDir, dataDir: dataDir ?? dirname(file) });
    this.stopThread = build.stop;
    return build.done.finally(() => {
      if (this.stopThread === build.stop) this.stopThread = null;
    });
  }
}
