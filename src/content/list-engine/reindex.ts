import { parseEntryId } from '../entries/entry-id.js';
import type { ContentChanges } from '../changes/content-changes.js';
import type { EntryIndex } from './entry-index.js';
import type { IndexFreshness } from './index-freshness.js';
import type { IndexScanner } from './index-scanner.js';
import { MediaSweep } from './media-sweep.js';
import type { MediaFollowOptions } from './media-follow.js';
import type { SweepSetup } from './stamp-sweep.js';

/** The parts of the index side a full pass uses (index-parts.ts puts them together). */
export interface ReindexParts {
  freshness: IndexFreshness;
  index: EntryIndex;
  scanner: IndexScanner;
  changes: ContentChanges | null;
  media: { setup: () => SweepSetup; kept: MediaFollowOptions['kept'] };
}

/** Who asked for a full pass, and the note its events carry. */
export interface ReindexBy { via: 'cli' | 'panel'; detail: string }

/**
 * `unrecorded`: changes taken into the index that the change feed could not take (tried again by this
 * process). `media`: entries whose media files were found changed, recorded; `mediaTakenAsIs`: there were
 * no kept stamps of the media folders to compare with (a first pass: they are kept for the next).
 */
export interface Reindexed { entries: number; changed: number; unrecorded: number; everything: boolean; media: number; mediaTakenAsIs: boolean }

/**
 * A full pass at once (`svc reindex`, the panel's Site check), for one who just synced a folder: every
 * entry folder (or the one of `id`) is compared with the index, and each changed one is read again and
 * recorded in the change feed as found on disk. When the index was read from every file just now there is
 * nothing to compare with: then one event says everything was read again.
 */
export async function reindexEntries(parts: ReindexParts, by: ReindexBy, id?: string): Promise<Reindexed> {
  const { freshness, index, changes, scanner } = parts;
  if (id !== undefined) parseEntryId(id);
  const builtNow = !freshness.ready;
  // Built if need be; else what other processes recorded is applied, and nothing else read: the pass
  // compares the disk with the index as it is.
  if (builtNow) freshness.refreshIfStale();
  changes?.catchUp();
  const media = await reindexMedia(parts, id);
  if (builtNow && freshness.readEveryFile && id === undefined) {
    changes?.recordEverythingRead(by.via, by.detail);
    return { entries: index.size, changed: 0, unrecorded: media.unrecorded, everything: true, media: media.recorded, mediaTakenAsIs: media.takenAsIs };
  }
  const found = id === undefined ? await freshness.changedOnDisk() : new Map([[id, index.get(id)]]);
  if (!changes) {
    for (const changed of found.keys()) scanner.readAgain(changed, changed.split('/'), true);
    return { entries: index.size, changed: found.size, unrecorded: 0, everything: false, media: 0, mediaTakenAsIs: false };
  }
  const { recorded, unrecorded } = changes.recordReindexed(found, by.detail);
  return { entries: index.size, changed: recorded, unrecorded: unrecorded + media.unrecorded, everything: false, media: media.recorded, mediaTakenAsIs: media.takenAsIs };
}

/**
 * The media folders compared with the stamps the finder kept (media-sweep.ts, media-stamps-file.ts), each
 * change recorded as the finder would; the stamps kept again once all is recorded. In slices, so that a
 * server asked from its Site check keeps answering meanwhile.
 */
async function reindexMedia({ changes, media }: ReindexParts, id?: string): Promise<{ recorded: number; unrecorded: number; takenAsIs: boolean }> {
  if (!changes || !media.kept) return { recorded: 0, unrecorded: 0, takenAsIs: false };
  const known = media.kept.load();
  const sweep = new MediaSweep(media.setup(), known);
  if (id !== undefined) sweep.check(id);
  else for (const pass = sweep.pass(); !sliceOf(pass);) await new Promise((turn) => setImmediate(turn));
  let recorded = 0, unrecorded = 0;
  for (const change of sweep.takeFound()) {
    const outcome = changes.recordMediaReindexed(change);
    if (outcome === 'recorded') recorded++;
    else if (outcome === 'unrecorded') unrecorded++;
  }
  const now = unrecorded === 0 ? sweep.knownIfMoved(known === undefined) : null;
  if (now !== null) media.kept.save(now);
  return { recorded, unrecorded, takenAsIs: known === undefined && sweep.size > 0 };
}

/** Runs a pass for some 3 ms; true once it is done. */
function sliceOf(pass: Generator<void, void>): boolean {
  const until = performance.now() + 3;
  for (;;) {
    if (pass.next().done) return true;
    if (performance.now() >= until) return false;
  }
}
