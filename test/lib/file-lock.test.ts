// The lock that serializes changes to one entry, and appends to the change feed, across processes: a lock
// left by a process of this machine that died is broken at once; one of another machine only by its age.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { withFileLock } from '../../dist/lib/file-lock.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';

function deadPid(): number {
  // A process that has ended: its pid is free (until the system hands it out again, which takes a while).
  return spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout as unknown as number;
}

test('a lock left by a process of this machine that has ended is taken at once; one of another machine waits for its age', () => {
  const dir = makeTempFolder('svc-lock-');
  const trusted = new TrustedFolders([dir]);
  const lock = join(dir, 'locks', 'entry.lock');
  withFileLock(trusted, lock, () => assert.equal(existsSync(lock), true));
  assert.equal(existsSync(lock), false);
  writeFileSync(lock, `${deadPid()}@${hostname()}`);
  let started = Date.now();
  assert.equal(withFileLock(trusted, lock, () => 'taken'), 'taken');
  assert.ok(Date.now() - started < 2_000, 'not held up until the lock is stale');
  // A live holder of this machine (this test's parent) and any holder of another machine keep theirs until
  // it is stale (3 s).
  for (const holder of [`${process.ppid}@${hostname()}`, `${deadPid()}@another-machine`]) {
    writeFileSync(lock, holder);
    started = Date.now();
    withFileLock(trusted, lock, () => {});
    assert.ok(Date.now() - started >= 2_500, `${holder} was waited for`);
  }
});

test('a folder where the lock file belongs is said at once, not waited on: no writer made it, no wait ends it', () => {
  const dir = makeTempFolder('svc-lock-');
  const trusted = new TrustedFolders([dir]);
  const lock = join(dir, 'locks', 'feed.lock');
  mkdirSync(lock, { recursive: true });
  const started = Date.now();
  assert.throws(() => withFileLock(trusted, lock, () => 'never'), /The lock feed\.lock is a folder where a file belongs; remove it\./);
  assert.ok(Date.now() - started < 1_000, 'refused at once');
  assert.ok(existsSync(lock), 'the folder is left as it is');
});
