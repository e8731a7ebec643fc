// The History page's records that are not about an entry, over real HTTP: team records (an invitation with
// its email address, a reset link issued, a role changed, a removal) show only to team.manage, settings and
// approval-mode records only to settings.manage, and emptying the trash to everyone, as records of entries
// always did; a kind of record with no rule shows to team.manage alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, PASSWORD, type TestSite } from '../helpers/test-site.ts';
import { Jar, get } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { appendHistory, type HistoryRecord } from '../../dist/content/history.js';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};

before(async () => {
  site = await makeTestSite();
  // A role that changes settings but not the team.
  writeFileSync(join(site.root, 'data', 'roles.yaml'), 'steward: [content.write, settings.manage]\n');
  await site.deps.auth.accounts.create({ name: 'Sam Steward', email: 'sam@example.org', role: 'steward', password: PASSWORD });
  ({ panel } = served = await serveTestSite({ site }));
  for (const key of ['ann', 'bob', 'carl', 'ava', 'sam'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  const data = join(site.root, 'data');
  let minute = 0;
  const write = (record: Pick<HistoryRecord, 'action' | 'detail'> & Partial<HistoryRecord>) => appendHistory(data, {
    time: new Date(site.clock.now + ++minute * 60_000).toISOString(), person: 'ann', entry: null, language: null, via: 'panel', token: null, ...record,
  }, fileStorage(new TrustedFolders([data])));
  write({ action: 'update', entry: 'posts/hello', language: 'en', detail: 'a change to a published post' });
  write({ action: 'team_invite', detail: 'dora@example.org invited as editor' });
  write({ action: 'team_reset', detail: 'a password reset link for Bob Editor' });
  write({ action: 'team_role', detail: 'Carl Contributor is now author' });
  write({ action: 'team_remove', detail: 'Eve removed' });
  write({ action: 'settings', detail: 'changed title' });
  write({ action: 'approval_mode', detail: 'on' });
  write({ action: 'trash_emptied', detail: '2 items deleted for good' });
  write({ action: 'some_future_kind' as HistoryRecord['action'], detail: 'a kind of record not known yet' });
});
after(() => served.close());

/** The details of the History page's rows, as `action: detail`, oldest first. */
async function seenBy(who: string): Promise<string[]> {
  const { res, text } = await get(panel, '/svc/panel/history', jars[who]);
  assert.equal(res.status, 200, who);
  const body = /<tbody>(.*?)<\/tbody>/s.exec(text)?.[1] ?? '';
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) => row[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()).reverse();
}

const has = (rows: string[], text: string) => rows.some((row) => row.includes(text));

test('a contributor, an author and an editor see records of entries and the trash, never the team\'s or the settings\'', async () => {
  for (const who of ['carl', 'ava', 'bob']) {
    const rows = await seenBy(who);
    assert.ok(has(rows, 'a change to a published post'), who);
    assert.ok(has(rows, '2 items deleted for good'), who);
    for (const hidden of ['dora@example.org', 'password reset link', 'is now author', 'Eve removed', 'changed title', 'a kind of record not known yet']) {
      assert.equal(has(rows, hidden), false, `${who} sees "${hidden}"`);
    }
    assert.equal(rows.some((row) => /approval mode/.test(row)), false, `${who} sees the approval switch`);
  }
});

test('who changes settings sees the settings and approval records, not the team\'s', async () => {
  const rows = await seenBy('sam');
  assert.ok(has(rows, 'changed title'));
  assert.ok(rows.some((row) => /approval mode/.test(row)));
  assert.equal(has(rows, 'dora@example.org'), false);
  assert.equal(has(rows, 'password reset link'), false);
});

test('an admin sees every record', async () => {
  const rows = await seenBy('ann');
  for (const text of ['a change to a published post', 'dora@example.org', 'password reset link', 'is now author', 'Eve removed', 'changed title', '2 items deleted for good', 'a kind of record not known yet']) {
    assert.ok(has(rows, text), text);
  }
});
