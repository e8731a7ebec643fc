// A command that only reads (a listing, the check, server-json) makes no folder: a mistyped --data is said,
// not made into an empty data folder. A command that fails leaves no folder behind that it made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { contents, siteWithAdmin, svc } from './run-svc.ts';

const root = siteWithAdmin('svc-no-folders-');
const elsewhere = makeTempFolder('svc-no-folders-data-');

test('token list and user list with a mistyped --data say there is no such data folder, and make none', () => {
  for (const [words, what] of [[['token', 'list'], 'tokens'], [['user', 'list'], 'accounts']] as const) {
    const typo = join(elsewhere, `typo-${what}`, 'data');
    const result = svc([...words, '--root', root, '--data', typo]);
    assert.equal(result.err, `svc: There is no data folder ${typo}, so there are no ${what} to list; check --data (or SVC_DATA).\n`);
    assert.equal(result.code, 1);
    assert.equal(existsSync(join(elsewhere, `typo-${what}`)), false, what);
  }
  const fromSetting = svc(['user', 'list', '--root', root], { env: { SVC_DATA: join(elsewhere, 'typo-setting') } });
  assert.equal(fromSetting.code, 1);
  assert.equal(existsSync(join(elsewhere, 'typo-setting')), false);
});

test('the check and server-json make no data folder either', () => {
  for (const words of [['check'], ['mcp', 'server-json']]) {
    const typo = join(elsewhere, `typo-${words.join('-')}`);
    svc([...words, '--root', root, '--data', typo]);
    assert.equal(existsSync(typo), false, words.join(' '));
  }
});

test('a failed token create or user add leaves no folder behind', () => {
  const typo = join(elsewhere, 'typo-create', 'data');
  const created = svc(['token', 'create', '--root', root, '--data', typo, '--user', 'ada', '--name', 'Laptop']);
  assert.equal(created.code, 1);
  assert.match(created.err, /^svc: There is no account "ada"; /);
  assert.equal(existsSync(join(elsewhere, 'typo-create')), false);
  const added = svc(['user', 'add', '--root', root, '--data', join(elsewhere, 'typo-add'), '--email', 'x@example.org', '--name', 'X', '--role', 'editor', '--password-stdin'], { input: 'short\n' });
  assert.equal(added.code, 1);
  assert.equal(existsSync(join(elsewhere, 'typo-add')), false);
});

test('the site\'s own data folder not there yet: a listing says there is nobody, and makes nothing', () => {
  const before = contents(root);
  renameSync(join(root, 'data'), join(root, 'data.away'));
  try {
    const result = svc(['user', 'list', '--root', root]);
    assert.equal(result.code, 0, result.err);
    assert.match(result.out, /^No accounts yet\. Add one with: /);
    assert.equal(svc(['token', 'list', '--root', root]).out, 'No tokens.\n');
    assert.equal(existsSync(join(root, 'data')), false);
  } finally {
    renameSync(join(root, 'data.away'), join(root, 'data'));
  }
  assert.deepEqual(contents(root), before);
});
