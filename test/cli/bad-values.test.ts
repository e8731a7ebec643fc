// A value the command cannot take is exit code 2, as the help says (README "Exit codes"), with a sentence
// that says what is wrong with it: an email address that is none, a role or scope that does not exist, a
// name too long, a negative number (not util.parseArgs's "argument is ambiguous"). An entry id of no entry
// is not a bad value but a request that cannot be done: it says so, exit code 1, rather than "0 of 1 changed".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthService } from '../../dist/auth/auth-service.js';
import { HELP, siteWithAdmin, svc } from './run-svc.ts';

const root = siteWithAdmin('svc-bad-values-');
const long = 'n'.repeat(101);

const REFUSED: Array<[string[], string]> = [
  [['user', 'add', '--email', 'not-an-email', '--name', 'X', '--role', 'editor'], 'The email address is not valid'],
  [['user', 'add', '--email', 'x@example.org', '--name', 'X', '--role', 'superuser'], 'There is no role "superuser". Roles: admin, editor, author, contributor'],
  [['user', 'add', '--email', 'x@example.org', '--name', long, '--role', 'editor'], 'The name must be 1 to 100 characters, without control characters'],
  [['user', 'add', '--email', 'x@example.org', '--name', '--role', 'editor'], '--name needs a value'],
  [['user', 'role', 'ada', 'superuser'], 'There is no role "superuser". Roles: admin, editor, author, contributor'],
  [['token', 'create', '--user', 'ada', '--name', 'T', '--scope', 'bogus'], 'There is no scope named "bogus"'],
  [['token', 'create', '--user', 'ada', '--name', long], 'The token name must be 1 to 100 characters, without control characters'],
  [['stats', 'seed', '--days', '-5'], '--days takes a whole number from 0 to 800'],
  [['stats', 'seed', '--pageviews-per-day', '-1'], '--pageviews-per-day takes a whole number from 0 to 1000000'],
  [['stats', 'seed', '--days'], '--days needs a value'],
  [['init', '--timezone', 'Mars/Olympus'], '--timezone takes a time zone name like Europe/Berlin or UTC; "Mars/Olympus" is not one'],
  [['init', '--language', 'XX'], '--language takes a language code in lowercase like en, de or pt-BR; "XX" is not one'],
];

for (const [args, sentence] of REFUSED) {
  test(`svc ${args.join(' ').replace(long, '<101 characters>')} is exit code 2: ${sentence}`, () => {
    const result = svc([...args, `--root=${root}`]);
    assert.equal(result.err, `svc: ${sentence}; ${HELP}\n`);
    assert.equal(result.code, 2);
    assert.equal(result.out, '');
  });
}

test('the refused values added nobody, changed no role and made no token', () => {
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  assert.deepEqual(auth.accounts.list().map((account) => [account.id, account.role]), [['ada', 'admin']]);
  assert.equal(auth.listTokens().length, 0);
});

test('reindex --id of an entry that is not there and has no folder says so, exit code 1; a folder removed is a change', () => {
  const folder = join(root, 'content', 'posts', 'hello');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'en.md'), '---\ntitle: Hello\nstatus: draft\n---\nBody.\n');
  assert.equal(svc(['reindex', `--root=${root}`]).code, 0);
  const none = svc(['reindex', `--root=${root}`, '--id', 'posts/nope']);
  assert.equal(none.err, 'svc: There is no entry posts/nope: content/posts/nope is not there, and the index has no such entry.\n');
  assert.equal(none.code, 1);
  // An entry whose folder went is a change (its deletion recorded); after that, it is no entry.
  rmSync(folder, { recursive: true });
  const gone = svc(['reindex', `--root=${root}`, '--id', 'posts/hello']);
  assert.equal(gone.code, 0, gone.err);
  assert.match(gone.out, /\n1 of 1 entry changed on disk/);
  assert.equal(svc(['reindex', `--root=${root}`, '--id', 'posts/hello']).code, 1);
});
