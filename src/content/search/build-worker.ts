// The search index's build in a thread of its own (started by build-thread.ts). The server's thread hands
// it the entries' ids a batch at a time; this thread reads each entry from disk itself, through the entry
// reader and its rules (lib/no-follow.ts: nothing is followed out of the site, a file that is not a regular
// one is never opened), and writes its rows into the index file through a connection of its own. Its heap,
// the texts it reads and SQLite's page cache end with it.
import { parentPort, workerData } from 'node:worker_threads';
import { TrustedFolders } from '../../lib/trusted-folders.js';
import { EntryReader } from '../entries/entry-reader.js';
import { parseEntryId } from '../entries/entry-id.js';
import type { Entry, SiteConfig } from '../entries/types.js';
import { beginBuild, endBuild, indexEntry } from './index-build.js';
import { SearchDatabase } from './search-database.js';

export interface BuildThreadSetup {
  /** data/cache/search.sqlite, made and emptied by the server's thread. */
  file: string;
  root: string;
  contentDir: string;
  /** The data folder the index file is below (judged from there down, as the server's thread does). */
  dataDir: string;
  site: SiteConfig;
  /** Entries the build will be handed. */
  total: number;
  /** The feed's last seq before the ids were taken (index-build.ts endBuild). */
  startSeq: number;
}

/** To the thread: ids to index (at the server's time `now`), the end of them, or a stop. */
export type ToBuildThread = { kind: 'batch'; ids: readonly string[]; now: number } | { kind: 'end' } | { kind: 'stop' };
/**
 * From the thread: the index opened and marked as being built, a batch indexed (entries done so far), the
 * index built, or why it could not be (`errcode`: SQLite's, which says whether the file is damaged).
 */
export type FromBuildThread = { kind: 'begun' } | { kind: 'indexed'; done: number } | { kind: 'built' } | { kind: 'failed'; message: string; errcode?: number };

// Started by process-tuning/tuned-worker.ts, which hands the setup on as workerData.data.
const setup = (workerData as { data: BuildThreadSetup }).data;
const port = parentPort!;
const post = (message: FromBuildThread) => port.postMessage(message);

// The site's folders, as the server's thread has them (config.ts siteFolders). What the reader would warn
// about (a file it skips, a link it refuses) the server's thread says, once, when its own reading meets it:
// said here too, it would be said twice, and past the process log.
const trusted = new TrustedFolders([setup.contentDir, setup.dataDir], () => {});
let now = Date.now();
// Each entry is indexed once and let go: its translations keep the text they were read with (read once).
const reader = new EntryReader({ root: setup.root, contentDir: setup.contentDir, trusted, clock: () => now, log: () => {}, site: () => setup.site, onFoundDue: () => {}, keepDocuments: true });
const db = new SearchDatabase(trusted, setup.file);
let done = 0;

/** The entry as it is on disk now (undefined: gone, unreadable, or not an entry of a known type). */
function read(id: string): Entry | undefined {
  try {
    const segments = parseEntryId(id);
    const type = setup.site.types.find((known) => known.folder === segments[0]);
    return type && reader.read(type, segments, null, undefined).entry;
  } catch {
    return undefined;
  }
}

function end(): void {
  db.close();
  port.close();
}

function fail(error: unknown): void {
  const { message, errcode } = (error ?? {}) as { message?: string; errcode?: number };
  post({ kind: 'failed', message: message ?? String(error), ...(typeof errcode === 'number' ? { errcode } : {}) });
  end();
}

try {
  db.open();
  beginBuild(db, setup.total);
  post({ kind: 'begun' });
} catch (error) {
  fail(error);
}

port.on('message', (message: ToBuildThread) => {
  try {
    if (message.kind === 'batch') {
      now = message.now;
      db.transaction(() => {
        for (const id of message.ids) indexEntry(db, read(id), setup.site, now);
        done += message.ids.length;
        db.setMeta('progress', `${done}/${setup.total}`);
      });
      post({ kind: 'indexed', done });
    } else if (message.kind === 'end') {
      endBuild(db, setup.startSeq);
      post({ kind: 'built' });
      end();
    } else {
      end();
    }
  } catch (error) {
    fail(error);
  }
});
