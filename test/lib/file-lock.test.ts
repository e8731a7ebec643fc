// The lock that serializes changes to one entry, and appends to the change feed, across processes: a lock
// left by a process of this machine that died is broken at once; one of another machine only by its age; one
// of a running process of this machine not for its age (but past a minute, when its pid may be reused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
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
  // A holder of another machine keeps its lock until it is stale (3 s).
  writeFileSync(lock, `${deadPid()}@another-machine`);
  started = Date.now();
  withFileLock(trusted, lock, () => {});
  assert.ok(Date.now() - started >= 2_500, 'another machine\'s holder was waited for');
  // One that names this process's pid but another start was left by an earlier process with its pid.
  writeFileSync(lock, `${process.pid}@${hostname()}@1`);
  started = Date.now();
  assert.equal(withFileLock(trusted, lock, () => 'taken'), 'taken');
  assert.ok(Date.now() - started < 2_000, 'not held up by a pid reused');
});

test('a running holder of this machine keeps its lock however long it takes: the waiting writer is refused, never let through', () => {
  const dir = makeTempFolder('svc-lock-');
  const trusted = new TrustedFolders([dir]);
  const lock = join(dir, 'locks', 'entry.lock');
  mkdirSync(join(dir, 'locks'));
  // This test's parent is running; its lock is 10 s old (a stopped or swapped-out writer). Broken, the
  // holder went on and wrote over the change it let through.
  const holder = `${process.ppid}@${hostname()}`;
  writeFileSync(lock, holder);
  utimesSync(lock, new Date(Date.now() - 10_000), new Date(Date.now() - 10_000));
  let ran = false;
  assert.throws(() => withFileLock(trusted, lock, () => { ran = true; }), /The entry is being changed by someone else; try again in a moment\./);
  assert.equal(ran, false);
  assert.equal(readFileSync(lock, 'utf8'), holder);
  // The same with the holder's start (as locks are written now) is waited for too; with another start, its
  // pid is another process's by now, and the lock is taken at once.
  const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
  const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  writeFileSync(lock, `${holder}@${start}`);
  assert.throws(() => withFileLock(trusted, lock, () => {}), /being changed by someone else/);
  writeFileSync(lock, `${holder}@${Number(start) + 1}`);
  assert.equal(withFileLock(trusted, lock, () => 'taken'), 'taken');
  // Past a minute, with no start to compare, its pid may be another process's: the lock is taken.
  writeFileSync(lock, holder);
  utimesSync(lock, new Date(Date.now() - 61_000), new Date(Date.now() - 61_000));
  assert.equal(withFileLock(trusted, lock, () => 'taken'), 'taken');
  // A holder whose lock was broken meanwhile lets go of its own only: another's stays.
  withFileLock(trusted, lock, () => writeFileSync(lock, `${deadPid()}@another-machine`));
  assert.match(readFileSync(lock, 'utf8'), /@another-machine$/);
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
