// The shapes of full-text search: what the index needs from the content store, how a SiteSearch is set up
// (site-search.ts), who searches, what a search asks and what it answers.
import type { Clock } from '../../lib/clock.js';
import type { ChangeFeed } from '../../feed/change-feed.js';
import type { Entry, SiteConfig, Translation } from '../entries/types.js';
import type { ThreadBuildInput } from './build-thread.js';
import type { SearchReader, SearchStatus } from './search-database.js';
import type { SnippetPart } from './search-snippet.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** What the index needs from the content store (store.ts passes itself). */
export interface SearchSource {
  /** The site's folder and its content/ (the build's thread reads the entries from there). */
  readonly root: string;
  readonly contentDir: string;
  site(): SiteConfig;
  /** Every entry's id (the build's list, each looked up as it comes: passingEntry). */
  entryIds(): string[];
  /** The entry as the index has it, for the build's pass (not kept: 100,000 held for the build were some 100 MB). */
  passingEntry(id: string): Entry | undefined;
  /**
   * The entries as the index has them, without reading their folders, for the ids a search's matches name:
   * one look at the index's freshness for all of them, and no check of each id, as none is made into a path
   * (an id the index does not hold, from a damaged file say, is undefined). Per id, the check and the look
   * made a thousand matches cost some 120 KB of garbage.
   */
  indexedAll(ids: readonly string[]): Array<Entry | undefined>;
  /** The entry read again from disk (a change just recorded in the feed). */
  entry(id: string): Entry | undefined;
  now(): number;
  /** Resolves once the content index is at rest (a first start's is packed first: store.ts settled()). */
  settled(): Promise<void>;
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
  /** The data folder the index file is below (the build's thread judges links from there down); its folder by default. */
  dataDir?: string;
  /** How often the build says how far it is (tests: 0, every slice). */
  progressEveryMs?: number;
  /** Tests: how the build's thread is handed the ids (build-thread.ts). */
  thread?: Pick<ThreadBuildInput, 'batchEntries' | 'beforeBatch'>;
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
  /** 'newest': the matches newest first, unranked (score 0), for a list in date order. Default 'best'. */
  order?: 'best' | 'newest';
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
