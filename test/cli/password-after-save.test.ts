// `svc user password` shows a generated password only once it is saved: a password shown and then not saved
// (the accounts folder read-only) never worked, and the person would keep it as their new one. The folder is
// made read-only with chmod; as root (who writes through any mode) the command runs as nobody, who owns the site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AuthService } from '../../dist/auth/auth-service.js';
import { siteWithAdmin, svc } from './run-svc.ts';

const AS_ROOT = process.getuid?.() === 0;
const NOBODY = { uid: 65534, gid: 65534 };

/** Hands the site (and the temp folder above it) to nobody when the tests run as root. */
function ownedByRunner(root: string): { uid: number; gid: number } | undefined {
  if (!AS_ROOT) return undefined;
  const chownAll = (dir: string) => {
    chownSync(dir, NOBODY.uid, NOBODY.gid);
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      if (item.isDirectory()) chownAll(join(dir, item.name));
      else chownSync(join(dir, item.name), NOBODY.uid, NOBODY.gid);
    }
  };
  chownAll(root);
  chmodSync(join(root, '..'), statSync(join(root, '..')).mode | 0o755);
  return NOBODY;
}

test('a password that cannot be saved is never shown, and the old one still works', async () => {
  const root = siteWithAdmin('svc-password-save-');
  const as = ownedByRunner(root);
  const accounts = join(root, 'data', 'accounts');
  chmodSync(accounts, 0o500);
  try {
    const result = svc(['user', 'password', '--root', root, 'ada@example.org'], as ? { as } : {});
    assert.equal(result.code, 1, result.err);
    assert.equal(result.out, '');
    assert.doesNotMatch(result.err, /Password/);
    assert.match(result.err, /^svc: [^\n]+\n$/);
  } finally {
    chmodSync(accounts, 0o700);
  }
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  assert.equal((await auth.checkPassword('ada@example.org', 'correct horse battery'))?.id, 'ada');
});

test('a password that is saved is shown once, and is the one that works', async () => {
  const root = siteWithAdmin('svc-password-saved-');
  const result = svc(['user', 'password', '--root', root, 'ada']);
  assert.equal(result.code, 0, result.err);
  const password = /^Password \(shown once, keep it safe\): (\S{20})\nThe password of Ada was changed; their panel sessions have ended\.\n$/.exec(result.out)?.[1];
  assert.ok(password, result.out);
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  assert.equal((await auth.checkPassword('ada@example.org', password))?.id, 'ada');
});
