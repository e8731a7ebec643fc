// A reader thread of the first start (first-scan-reads.ts): it reads its share of the entry folders as
// EntryReader.read() would (the folder's stamp, each translation and style.css, links never followed),
// parses each translation's front matter, and hands the main thread, batch by batch, only what the index is
// made of: one JSON text per batch (FolderFiles), which the main thread turns into its entries
// (EntryReader.assemble). Objects handed over one by one (a structured clone each) made the start
// slower than reading on the main thread (9.1 s instead of 8.9 s at 100,000 posts) and used 250 MB.
import { lstatSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { workerData, type MessagePort } from 'node:worker_threads';
import { LinkRefusedError } from '../../lib/no-follow.js';
import { TrustedFolders } from '../../lib/trusted-folders.js';
import { NotRegularFileError } from '../../lib/regular-file.js';
import { readFileWithStamp, type FileRead } from '../../lib/stamped-reads.js';
import type { FileFound, FolderFiles } from '../entries/folder-files.js';
import { LISTED_FIELDS } from '../entries/translation.js';
import { decodeStrictUtf8, parseTranslationFile, unreadReason } from '../entries/translation-file.js';

/** A run of entry folders in one type folder, handed over as one message. */
export interface ReadBatch { folder: string; slugs: string[] }

export interface FirstScanWorkerData {
  contentDir: string;
  /** The site's language codes: `<code>.md` is a translation. */
  languages: string[];
  /** This thread's batches, in the order the main thread takes them. */
  batches: ReadBatch[];
  port: MessagePort;
  /**
   * Per thread three counters from `first` on: batches sent (the main thread waits on it), batches taken
   * (this thread waits on it when `ahead` of the main thread), entry folders read (a thread that stopped
   * reading is given up on).
   */
  counters: SharedArrayBuffer;
  first: number;
  /** Batches sent and not yet taken at most (what waits in the port is memory too). */
  ahead: number;
}

/** A batch's message: the FolderFiles of its folders as JSON, or what stopped the thread. */
export type ReadBatchMessage = { json: string } | { error: string };

/**
 * An entry folder, as read() reads it but for its listing: each file an entry folder may hold (the
 * translations and style.css) is opened by its name. Listing it was the costliest call of all (some 40 % of
 * the thread's time at 100,000 posts); a name not there costs a failed open. What a listing finds besides
 * is left to the sweep's later reads: a stale temp file (the temp-file journal removes those at the start).
 */
function readFolder(trusted: TrustedFolders, dir: string, slug: string, names: readonly string[]): FolderFiles {
  const found: FolderFiles = { slug, mtimeMs: -1, files: [], links: [] };
  let stats: Stats | undefined;
  try {
    stats = lstatSync(dir, { throwIfNoEntry: false });
  } catch { /* gone */ }
  if (stats?.isSymbolicLink()) found.links.push(dir);
  if (!stats?.isDirectory()) return found;
  // Taken before the files are read, as read() does: a file added meanwhile moves the folder's mtime past it.
  found.mtimeMs = stats.mtimeMs;
  for (const name of names) {
    const path = `${dir}${sep}${name}`;
    // Most entries have no style.css: asked for without an error made for its absence (an open that fails
    // took 5 µs, this 2 µs; 0.3 s of CPU at 100,000 posts). What is there is opened, checked, as any file.
    if (name === 'style.css' && isAbsent(path)) continue;
    let read: FileRead;
    try {
      read = readFileWithStamp(trusted, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const refused = error instanceof NotRegularFileError || error instanceof LinkRefusedError;
      // Not there (or the folder is gone since), or a folder by that name: as a listing would have left it.
      if (!refused && (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')) continue;
      if (error instanceof LinkRefusedError) found.links.push(error.path);
      // A link or a FIFO in a file's place is left out as a listing leaves it out: the folder's stamp holds.
      found.files.push({ name, mtimeMs: -1, size: -1, problem: unreadReason(error), unread: !refused });
      continue;
    }
    found.files.push(name === 'style.css' ? styleFound(name, read) : translationFound(name, read));
  }
  return found;
}

function isAbsent(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    // (The folder gone, say): the open says what it is.
    return false;
  }
}

function styleFound(name: string, read: FileRead): FileFound {
  try {
    return { name, mtimeMs: read.mtimeMs, size: read.size, style: decodeStrictUtf8(read.bytes) };
  } catch (error) {
    return { name, mtimeMs: read.mtimeMs, size: read.size, style: '', problem: unreadReason(error), unread: true };
  }
}

function translationFound(name: string, read: FileRead): FileFound {
  try {
    const { fields, embeds } = parseTranslationFile(read.bytes);
    const listed: Record<string, unknown> = {};
    for (const key of LISTED_FIELDS) if (Object.hasOwn(fields, key)) listed[key] = fields[key];
    return { name, mtimeMs: read.mtimeMs, size: read.size, fields: listed, embeds };
  } catch (error) {
    return { name, mtimeMs: -1, size: -1, problem: unreadReason(error), unread: true };
  }
}

function run(data: FirstScanWorkerData): void {
  const { contentDir, languages, batches, port, first, ahead } = data;
  const names = [...languages.map((language) => `${language}.md`), 'style.css'];
  const counters = new Int32Array(data.counters);
  const sent = first;
  const taken = first + 1;
  const read = first + 2;
  // Links are warned about by the main thread, once, in its log (found.links).
  const trusted = new TrustedFolders([contentDir], () => {});
  // A translation not there throws (an entry not in every language): the errors' stacks are never looked
  // at here, and taking one costs more than the failed open itself.
  Error.stackTraceLimit = 0;
  try {
    for (let i = 0; i < batches.length; i++) {
      for (let seen = Atomics.load(counters, taken); i - seen >= ahead; seen = Atomics.load(counters, taken)) Atomics.wait(counters, taken, seen, 1000);
      const { folder, slugs } = batches[i]!;
      const dir = join(contentDir, folder);
      const json = JSON.stringify(slugs.map((slug) => {
        Atomics.add(counters, read, 1);
        return readFolder(trusted, join(dir, slug), slug, names);
      }));
      port.postMessage({ json } satisfies ReadBatchMessage);
      Atomics.add(counters, sent, 1);
      Atomics.notify(counters, sent);
    }
  } catch (error) {
    port.postMessage({ error: (error as Error).message } satisfies ReadBatchMessage);
    Atomics.add(counters, sent, 1);
    Atomics.notify(counters, sent);
  }
  port.close();
}

// Started by process-tuning/tuned-worker.ts, which hands the data on as workerData.data.
run((workerData as { data: FirstScanWorkerData }).data);
