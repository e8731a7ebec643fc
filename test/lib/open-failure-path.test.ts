// A file made inside a checked folder is opened through the folder's descriptor (/proc/self/fd/N/<name> on
// Linux, lib/no-follow.ts); when that fails, the error names the path a person knows (a lock that cannot be
// made said "cannot use /proc/self/fd/21/.a.lock"). A name too long for the file system fails the same way
// for root as for anyone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNoFollow } from '../../dist/lib/no-follow.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

test('a file that cannot be made is named by its own path, never by a descriptor of this process', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-open-failure-'));
  try {
    const path = join(root, 'locks', `${'x'.repeat(300)}.lock`);
    assert.throws(() => createNoFollow(new TrustedFolders([root]), path, 'exclusive'), (error: NodeJS.ErrnoException) => {
      assert.equal(error.code, 'ENAMETOOLONG');
      assert.equal(error.path, path);
      assert.ok(error.message.includes(path), error.message);
      assert.ok(!error.message.includes('/proc/self/fd'), error.message);
      return true;
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
