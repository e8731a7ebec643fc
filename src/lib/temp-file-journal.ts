// Which temp files (lib/atomic-write.ts) a process is writing right now, kept on disk so that a process killed
// mid-write (SIGKILL, a power cut, an out-of-memory kill) leaves a note of what it left behind, and the next
// start removes exactly that. The alternative, looking for `.<name>.<pid>.<random>.tmp` files, would mean
// listing every entry, media and revisions folder at each start: some 300,000 folders at 100,000 entries.
//
// One small file per writing process, `<journal folder>/<pid>@<host>`, holding the absolute paths of its temp
// files in flight, one a line. It is written before a temp file is made and removed once no write is under
// way, so it exists only while a process writes (or after one was killed writing): a start lists one small
// folder, mostly empty. Writing it costs two small file operations a write, next to the write's own fsync.
// Keeping it is best effort: a write never fails because its note could not be kept (a read-only data/),
// and a temp file without a note is still removed when its folder is next listed (removeStaleTempFile).
//
// When is a writer gone? Another live process (a stdio session beside the server, a second server on the
// same folder) may be writing one right now, so a temp file is only removed when its writer is gone:
// - on this machine (the note names the host), when no process has the note's pid (process.kill(pid, 0)),
//   or when that pid is this very process's and this process has not written yet (the same pid in an
//   earlier life: a container's server is pid 1 at every start). This is what lets a start right after a
//   crash remove what it left;
// - on another machine (a folder shared over the network), a pid says nothing here, so only age holds: a
//   note left unchanged for longer than any write takes (STALE_TEMP_MS) belongs to a writer that is gone.
// A pid that was taken again by an unrelated process keeps its note until that age.
import { hostname } from 'node:os';
import { processWide } from './process-wide.js';
import { closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';

/** No write takes this long (a 14 MB upload takes well under a second): an older temp file's writer died. */
export const STALE_TEMP_MS = 10 * 60_000;

/** Temp files of lib/atomic-write.ts are named `.<name>.<pid>.<random>.tmp`; readers skip them. */
export function isTempFileName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/** This machine's name as a note's name holds it (no `/`, no `@`). */
function thisHost(): string {
  return hostname().replace(/[^A-Za-z0-9._-]/g, '_') || 'host';
}

const state = processWide('tempFileJournal', () => ({ folder: null as string | null, noteName: '', inFlight: new Set<string>(), hasWritten: false }));
const { inFlight } = state;

/** Keep the notes in `dir` (data/cache/writing), or nowhere (null). Set once by each process's start. */
export function useTempFileJournal(dir: string | null): void {
  state.folder = dir;
  state.noteName = `${process.pid}@${thisHost()}`;
}

/** Rewrites this process's note to what is in flight now; removes it when nothing is. */
function writeNote(): void {
  const { folder, noteName } = state;
  if (folder === null) return;
  const path = join(folder, noteName);
  try {
    if (inFlight.size === 0) return void unlinkSync(path);
    const text = [...inFlight].join('\n') + '\n';
    let fd: number;
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);
    try {
      fd = openSync(path, flags, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      fd = openSync(path, flags, 0o600);
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort (see the top of this file).
  }
}

/** Before `tempPath` is made: noted, so that a kill from here on leaves a note of it. */
export function noteTempFileBegun(tempPath: string): void {
  state.hasWritten = true;
  inFlight.add(tempPath);
  writeNote();
}

/** Once `tempPath` was renamed over its target or removed. */
export function noteTempFileEnded(tempPath: string): void {
  if (inFlight.delete(tempPath)) writeNote();
}

/** Whether any process may still be writing a note named `<pid>@<host>` last changed at `mtimeMs`. */
export function writerIsGone(name: string, mtimeMs: number, now: number): boolean {
  if (now - mtimeMs >= STALE_TEMP_MS) return true;
  const at = name.indexOf('@');
  const pid = Number(name.slice(0, at));
  if (at < 1 || !Number.isSafeInteger(pid) || pid <= 0 || name.slice(at + 1) !== thisHost()) return false;
  if (pid === process.pid) return !state.hasWritten;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user has it; only ESRCH says there is none.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

interface Note { path: string; name: string; gone: boolean; tempFiles: string[] }

/** The notes in `dir` other than this process's own, each with whether its writer is gone. */
function readNotes(dir: string, now: number): Note[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const notes: Note[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (dir === state.folder && name === state.noteName && state.hasWritten) continue;
    try {
      const stat = lstatSync(path);
      if (!stat.isFile()) continue;
      const tempFiles = readFileSync(path, 'utf8').split('\n').filter((line) => line.startsWith('/') && isTempFileName(basename(line)));
      notes.push({ path, name, gone: writerIsGone(name, stat.mtimeMs, now), tempFiles });
    } catch {
      // Removed meanwhile by its writer: that write ended.
    }
  }
  return notes;
}

/**
 * At a start, before this process writes: removes the temp files of writers that are gone, and their notes.
 * `remove` removes one file without following links (lib/no-follow.ts). Returns how many temp files went.
 */
export function removeTempFilesOfGoneWriters(dir: string, remove: (path: string) => void, now = Date.now()): number {
  let removed = 0;
  for (const note of readNotes(dir, now)) {
    if (!note.gone) continue;
    for (const tempFile of note.tempFiles) {
      try {
        if (!lstatSync(tempFile).isFile()) continue;
        remove(tempFile);
        removed++;
      } catch {
        // Renamed over its target before the kill, or not ours to remove.
      }
    }
    try { unlinkSync(note.path); } catch { /* another start took it first */ }
  }
  return removed;
}

/**
 * The temp files in the notes: `live`, of writers that may still be writing them (in flight: no leftovers),
 * and `gone`, of writers that are gone (which the next start removes).
 */
export function notedTempFiles(dir: string, now = Date.now()): { live: Set<string>; gone: Set<string> } {
  const live = new Set<string>(dir === state.folder ? inFlight : []);
  const gone = new Set<string>();
  for (const note of readNotes(dir, now)) for (const path of note.tempFiles) (note.gone ? gone : live).add(path);
  return { live, gone };
}
