// Packages that only tests use (a validator, the browser driver, a reference encoder, the ext-apps SDK),
// installed at test time into a scratch folder of their own, once. The suite runs three files at a time, and
// several may ask for the same folder at once: two `npm install` runs in one folder left a package half
// written to a third that found its package.json already there (a first `make test` on a fresh machine: 26
// files failed on `ajv/dist/2020`). So one process installs, under a lock, and the folder counts as ready
// only once a marker naming what was installed is written, last.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ScratchOptions {
  /** The folder's package.json (a module folder says "type": "module"). */
  packageJson?: string;
  /** Called as this process begins the install (to say why the wait), not when the folder is ready. */
  beforeInstall?: () => void;
  /** Made once the packages are in, under the same lock (a bundle built from them, say). */
  afterInstall?: (folder: string) => void;
  /** How long an install may take, and how long another process's install is waited for. */
  timeoutMs?: number;
}

const MARKER = '.svc-installed';

/** `folder`, with `packages` (npm specifiers) installed in it: by this process, or by another one meanwhile. */
export function scratchPackages(folder: string, packages: readonly string[], options: ScratchOptions = {}): string {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const wanted = packages.join('\n');
  const ready = () => {
    try {
      return readFileSync(join(folder, MARKER), 'utf8') === wanted;
    } catch {
      return false;
    }
  };
  if (ready()) return folder;
  mkdirSync(dirname(folder), { recursive: true });
  const lock = `${folder}.lock`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (ready()) return folder;
    // A lock whose process is gone (a run stopped mid-install), or older than any install, is taken over.
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > timeoutMs || holderGone(lock)) rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for another process's install into ${folder}`);
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
  try {
    if (ready()) return folder;
    mkdirSync(folder, { recursive: true });
    rmSync(join(folder, MARKER), { force: true });
    writeFileSync(join(folder, 'package.json'), options.packageJson ?? '{"private":true}\n');
    options.beforeInstall?.();
    const run = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages], { cwd: folder, encoding: 'utf8', timeout: timeoutMs });
    if (run.status !== 0) {
      throw new Error(`npm install of ${packages.join(' ')} into ${folder} failed: ${(run.stderr || run.error?.message || '').trim().slice(0, 400)}`);
    }
    options.afterInstall?.(folder);
    writeFileSync(join(folder, MARKER), wanted);
    return folder;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Whether the process that took `lock` has ended (its pid is written just after the lock is taken). */
function holderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    // Not written yet, or the lock is gone meanwhile: look again a moment later.
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
