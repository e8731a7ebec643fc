// Keeps the index between starts (index-file.ts): taken at the first build when it is valid, written again
// when the index changed and then stayed unchanged for a moment (or, under constant change, every half
// minute), in the background: the encoding is the only part on the event loop, the writing is not.
import { isTempFileName, removeStaleTempFile } from '../../lib/atomic-write.js';
import type { Clock } from '../../lib/clock.js';
import type { EntryIndex } from './entry-index.js';
import { indexFileKey, readIndexFile, writeIndexFile } from './index-file.js';
import type { SiteConfig } from '../entries/types.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { debuglog } from '../../lib/node-builtins.js';
import { giveBackFreedPages } from '../../process-tuning/heap-tuning.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface IndexPersistenceOptions {
  /** data/cache */
  cacheDir: string;
  contentDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  index: EntryIndex;
  site: () => SiteConfig;
  clock: Clock;
  log: (line: string) => void;
  /** The last change feed event this process has applied to the index (0: it follows none). */
  feedSeq: () => number;
}

/** The file's name in data/cache; a write goes through `.<name>.<pid>.<random>.tmp` (lib/atomic-write.ts). */
export const INDEX_FILE_NAME = 'content-index.bin';
/** A change is written once the index stayed unchanged this long... */
const QUIET_MS = 2_000;
/** ...or this long after the first unwritten change, whichever comes first. */
const MAX_WAIT_MS = 30_000;
/** A written index from this size on (some 20,000 entries) has its encoding's freed pages given back. */
const GIVE_BACK_FROM_BYTES = 8 * 1024 * 1024;
/** NODE_DEBUG=svc-index tells how long reading and writing the persisted index took. */
const debug = debuglog('svc-index');

export class IndexPersistence {
  readonly file: string;
  private timer: NodeJS.Timeout | null = null;
  private firstUnwritten = 0;
  private writing: Promise<boolean> | null = null;
  private closed = false;
  private warned = false;
  private sweptTemps = false;
  /**
   * What the file holds, as this process last wrote or read it: the index's generation and the file's key.
   * A write of the same is skipped while the file is there. The one a change's timer asked for while a
   * write was under way (a first start's, 2-3 s at 100,000 entries) found that the write had taken the
   * change, and wrote the 38 MB again.
   */
  private onDisk = { generation: -1, key: '' };

  constructor(private readonly options: IndexPersistenceOptions) {
    this.file = join(options.cacheDir, INDEX_FILE_NAME);
  }

  private adoptNextWrite = false;

  /**
   * After a build from every file, the next write is read back in place of the index the scan made, when
   * nothing changed while it was written. The scan leaves an object per entry and translation, where a
   * restored index keeps them packed and makes objects only for what is asked (restored-objects.ts): at
   * 100,000 entries the server's resident memory 30 s after a first start went from 270 MB to 179 MB, for
   * one pause of about 200 ms (the restore) a few seconds after the start.
   */
  adoptWritten(): void {
    this.adoptNextWrite = true;
  }

  /** The feed's seq the restored index held (null: none known, or nothing restored). */
  restoredFeedSeq: number | null = null;

  /** Takes the persisted index into `index` when there is a valid one for this code, site and settings. */
  restore(): boolean {
    const { contentDir, index, site, clock, log } = this.options;
    const started = performance.now();
    const key = indexFileKey(site(), contentDir);
    const read = readIndexFile(this.options.trusted, this.file, key, site(), clock());
    debug('read %s in %d ms: %s', this.file, Math.round(performance.now() - started), read.ignored ?? `${read.index.count} entries`);
    if (read.index) {
      this.restoredFeedSeq = read.feedSeq;
      index.restore(read.index.objects, read.index.lists);
      index.changed();
      this.onDisk = { generation: index.generation, key: JSON.stringify(key) };
      // What was just read needs no writing.
      this.cancelWrite();
      return true;
    }
    if (read.ignored === 'damaged' || read.ignored === 'foreign') log(`svc: ignoring the persisted index ${this.file}: ${read.reason}; reading every entry.`);
    return false;
  }

  /** The index changed: write it once it has been still for a moment. */
  changed(): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.timer === null) this.firstUnwritten = now;
    else clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(QUIET_MS, this.firstUnwritten + MAX_WAIT_MS - now));
    this.timer = setTimeout(() => { this.timer = null; void this.write(); }, wait);
    this.timer.unref();
  }

  /**
   * No more writes after changes. A write under way ends as it would, and the promise when it has: a
   * process that exits or a test that removes the site afterwards leaves the file whole and no temp file.
   */
  close(): Promise<void> {
    this.closed = true;
    this.cancelWrite();
    // A write that failed has said so (or its caller has been told): closing goes on.
    return this.writing?.then(() => {}, () => {}) ?? Promise.resolve();
  }

  private cancelWrite(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Writes the index as it is now (after a write under way, if any). True when the write gave back the
   * pages its encoding freed (a large index: see below), which the settling after a first start then need
   * not do again.
   */
  async write(): Promise<boolean> {
    while (this.writing) await this.writing;
    const writing = this.writeNow().finally(() => { this.writing = null; });
    this.writing = writing;
    return writing;
  }

  private async writeNow(): Promise<boolean> {
    const { index, contentDir, site, clock } = this.options;
    // A site removed under a running process (a test's temp folder) gets no data/cache made anew.
    if (!existsSync(contentDir)) return false;
    if (!this.sweptTemps) this.removeStaleTemps();
    let bytes = 0;
    try {
      const started = performance.now();
      const generation = index.generation;
      const key = indexFileKey(site(), contentDir);
      const keyText = JSON.stringify(key);
      if (generation === this.onDisk.generation && keyText === this.onDisk.key && existsSync(this.file)) return false;
      const written = writeIndexFile(this.options.trusted, this.file, key, { ...index.contents(), feedSeq: this.options.feedSeq() }, clock());
      const encodedMs = performance.now() - started;
      bytes = await written;
      this.onDisk = { generation, key: keyText };
      debug('wrote %s: encoded in %d ms, written in %d ms', this.file, Math.round(encodedMs), Math.round(performance.now() - started));
      if (this.adoptNextWrite && index.generation === generation && !this.closed) {
        this.adoptNextWrite = false;
        const adopting = performance.now();
        if (this.restore()) debug('adopted %s in %d ms', this.file, Math.round(performance.now() - adopting));
      }
    } catch (error) {
      // The site went away while the file was written: nothing to warn about.
      if (!existsSync(contentDir)) return false;
      if (!this.warned) this.options.log(`svc: could not keep the index in ${this.file}: ${(error as Error).message}`);
      this.warned = true;
    }
    // The encoding's garbage outlives the young generation (some 30 MB of heap and 9 MB of buffers at
    // 100,000 entries), and V8 keeps the pages it frees: a process that kept its index once stayed some
    // 57 MB larger for good (160 to 217 MB). A small index leaves little, and the collection costs as much
    // in any heap: made after every write, it cost the in-process test stores 17 % more CPU.
    if (bytes < GIVE_BACK_FROM_BYTES) return false;
    const collecting = performance.now();
    giveBackFreedPages();
    debug('gave back the freed pages in %d ms', Math.round(performance.now() - collecting));
    return true;
  }

  /**
   * Before this process's first write: the temp files of writes that never ended (a process stopped by a
   * signal while writing: up to the whole index, 38 MB at 100,000 entries, each time) are removed once
   * older than any write takes.
   */
  private removeStaleTemps(): void {
    this.sweptTemps = true;
    const prefix = `.${INDEX_FILE_NAME}.`;
    let names: string[];
    try {
      names = readdirSync(this.options.cacheDir);
    } catch {
      return;
    }
    for (const name of names) if (name.startsWith(prefix) && isTempFileName(name)) removeStaleTempFile(this.options.trusted, join(this.options.cacheDir, name));
  }
}
