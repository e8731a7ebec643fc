// What a write answers when the disk refuses it (full, read-only, not writable by this user): one sentence
// naming the file from the site folder and the reason, never a stack or a path outside the site. It is an
// AppError, so an MCP tool, the panel and the CLI show the sentence as it is.
import { AppError } from '../errors.js';
import { processWide } from './process-wide.js';
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'the server may not write there (permission denied)',
  EPERM: 'the server may not write there (operation not permitted)',
  EIO: 'the disk reported an error',
};

export class SaveFailedError extends AppError {
  constructor(readonly file: string, readonly code: string) {
    super('insufficient_storage', `${file} could not be saved: ${REASONS[code]}. What was saved before is unchanged.`);
  }
}

const state = processWide('saveFailure', () => ({ siteRoot: null as string | null, injected: null as { code: string; under: string } | null }));

/** Files are named from `root` (`content/posts/hello/en.md`, `data/tokens/…`). Set by each process's start. */
export function nameSavedFilesFrom(root: string | null): void {
  state.siteRoot = root;
}

/** `path` from the site folder; outside it (a data folder elsewhere) only its folder's name and its own. */
function shown(path: string): string {
  const inside = state.siteRoot === null ? '' : relative(state.siteRoot, path);
  const name = inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : `${basename(dirname(path))}${sep}${basename(path)}`;
  return sep === '/' ? name : name.split(sep).join('/');
}

/** A SaveFailedError for a refusal of the disk while writing `path`; anything else as it was. */
export function asSaveFailure(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && Object.hasOwn(REASONS, code) ? new SaveFailedError(shown(path), code) : error;
}

// A test-only fault. The machine cannot make a full disk without root (and a read-only folder as root), so
// tests make the write step itself fail as the disk would. Only a test turns it on: it refuses to outside
// node's test runner (NODE_TEST_CONTEXT), and nothing in src/ calls it (test/content/interrupted-writes.test.ts holds that).

/** Makes every write below `under` fail with `code` at its write step; null turns it off. */
export function failWritesForTests(fault: { code: 'ENOSPC' | 'EROFS' | 'EACCES'; under: string } | null): void {
  if (fault !== null && process.env.NODE_TEST_CONTEXT === undefined) throw new Error('failWritesForTests only works under node --test.');
  state.injected = fault;
}

/** Throws the injected fault when one is on for `path`. */
export function throwInjectedFault(path: string): void {
  const { injected } = state;
  if (injected === null || !(path === injected.under || path.startsWith(injected.under + sep))) return;
  throw Object.assign(new Error(`${injected.code}: injected by a test, write '${path}'`), { code: injected.code, path });
}
