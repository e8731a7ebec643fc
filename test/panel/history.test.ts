// The History page over real HTTP: filters by person, by via (mcp, panel, schedule), by token and by entry,
// alone and together; times in the site's time zone (here and on Assistants); bad filters get a sentence;
// and each person sees only records of entries they may see.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, get } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { appendHistory, type HistoryRecord } from '../../dist/content/history.js';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const PAGE = '/svc/panel/history';

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  for (const key of ['ann', 'bob', 'carl'] as const) jars[key] = await served.signIn(`${key}@example.org`);
  // Through MCP: Ann changes her post (12:00 UTC = 13:00 in Berlin), Carl creates a draft, Ann styles it.
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', language: 'en', body: 'Welcome back.' });
  site.clock.now += 60_000;
  await callTool(site, http.url, site.tokens.contributor!, 'content_create', { type: 'post', title: 'Carl on glaciers', language: 'en', body: 'Ice.' });
  site.clock.now += 60_000;
  await callTool(site, http.url, site.tokens.admin!, 'content_style', { id: 'posts/hello', css: 'p { color: red; }' });
  site.clock.now += 60_000;
  // In the panel and by the schedule, and a record of Bob's draft and of Ann's recovery codes.
  const at = (minutes: number) => new Date(site.clock.now + minutes * 60_000).toISOString();
  const write = (record: Omit<HistoryRecord, 'language' | 'token'> & Partial<HistoryRecord>) => appendHistory(join(site.root, 'data'), { language: 'en', token: null, ...record }, fileStorage(new TrustedFolders([join(site.root, 'data')])));
  write({ time: at(1), person: 'bob', action: 'publish', entry: 'posts/hike-day', via: 'panel' });
  write({ time: at(2), person: 'bob', action: 'update', entry: 'posts/bobs-draft', via: 'panel' });
  write({ time: at(3), person: 'bob', action: 'publish', entry: 'posts/later', via: 'schedule' });
  write({ time: at(4), person: 'ann', action: 'recovery_code_used', entry: null, language: null, via: 'panel', detail: '9 recovery codes left' });
});
after(() => served.close());

type Row = { time: string; person: string; action: string; entry: string; through: string };
function rows(html: string): Row[] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>(.*?)<\/td><td>[^<]*<\/td><td>(.*?)<\/td>/g)].map((m) => ({
    time: m[1]!, person: m[2]!, action: m[3]!, entry: m[4]!.replace(/<[^>]+>/g, ''), through: m[5]!,
  }));
}

test('unfiltered, an admin sees every change newest first, in the site\'s time zone, from the navigation', async () => {
  const { res, text } = await get(panel, PAGE, jars.ann!);
  assert.equal(res.status, 200);
  assert.match(text, /<a href="\/svc\/panel\/history" aria-current="page">History<\/a>/);
  assert.match(text, /<th scope="col">Time \(Europe\/Berlin\)<\/th>/);
  assert.doesNotMatch(text, /UTC|<script/);
  const all = rows(text);
  assert.deepEqual(all.map((r) => `${r.time} ${r.person} ${r.action} ${r.entry}`), [
    '2026-03-10 13:07 Ann Admin recovery code used —',
    '2026-03-10 13:06 Bob Editor publish posts/later',
    '2026-03-10 13:05 Bob Editor update posts/bobs-draft',
    '2026-03-10 13:04 Bob Editor publish posts/hike-day',
    '2026-03-10 13:02 Ann Admin style posts/hello',
    '2026-03-10 13:01 Carl Contributor create posts/carl-on-glaciers',
    '2026-03-10 13:00 Ann Admin update posts/hello',
  ]);
  assert.equal(all[1]!.through, 'scheduled time');
  assert.equal(all[6]!.through, 'assistant (token “test admin”)');
});

test('each filter alone: person, via (mcp, panel, schedule), token, entry', async () => {
  const summary = async (query: string) => rows((await get(panel, `${PAGE}?${query}`, jars.ann!)).text).map((r) => `${r.person}/${r.action}/${r.entry}`);
  assert.deepEqual(await summary('person=carl'), ['Carl Contributor/create/posts/carl-on-glaciers']);
  assert.deepEqual(await summary('via=mcp'), ['Ann Admin/style/posts/hello', 'Carl Contributor/create/posts/carl-on-glaciers', 'Ann Admin/update/posts/hello']);
  assert.deepEqual(await summary('via=panel'), ['Ann Admin/recovery code used/—', 'Bob Editor/update/posts/bobs-draft', 'Bob Editor/publish/posts/hike-day']);
  assert.deepEqual(await summary('via=schedule'), ['Bob Editor/publish/posts/later']);
  assert.deepEqual(await summary(`token=${encodeURIComponent('test contributor')}`), ['Carl Contributor/create/posts/carl-on-glaciers']);
  assert.deepEqual(await summary('entry=posts%2Fhello'), ['Ann Admin/style/posts/hello', 'Ann Admin/update/posts/hello']);
  assert.deepEqual(await summary('token=nobody'), []);
});

test('filters together narrow each other, and the form shows what was chosen', async () => {
  const { text } = await get(panel, `${PAGE}?person=ann&via=mcp&token=${encodeURIComponent('test admin')}&entry=posts%2Fhello`, jars.ann!);
  assert.deepEqual(rows(text).map((r) => r.action), ['style', 'update']);
  assert.match(text, /<option value="ann" selected>Ann Admin<\/option>/);
  assert.match(text, /<option value="mcp" selected>assistant \(MCP\)<\/option>/);
  assert.match(text, /id="f-token" name="token" value="test admin"/);
  assert.match(text, /href="\/svc\/panel\/revisions\?id=posts%2Fhello">Earlier versions of posts\/hello, with diff and restore<\/a>/);
  assert.deepEqual(rows((await get(panel, `${PAGE}?person=carl&via=panel`, jars.ann!)).text), []);
});

test('bad filters get one sentence and show nothing; an entry one may not see is a 404', async () => {
  for (const [query, sentence] of [
    ['via=email', 'Through must be mcp, panel or schedule.'],
    ['person=Ann%20Admin', 'There is no such person; choose one from the list.'],
    ['entry=..%2F..%2Fetc', 'That is not an entry id; ids look like posts/hello.'],
    [`token=${'x'.repeat(150)}`, 'A token name has at most 100 characters.'],
  ] as const) {
    const { res, text } = await get(panel, `${PAGE}?${query}`, jars.ann!);
    assert.equal(res.status, 422, query);
    assert.ok(text.includes(`<p class="notice error" role="alert">${sentence}</p>`), query);
    assert.deepEqual(rows(text), [], query);
  }
  assert.equal((await get(panel, `${PAGE}?entry=posts%2Fbobs-draft`, jars.carl!)).res.status, 404);
});

test('rights: a contributor sees no record of someone else\'s draft, nor anyone\'s recovery codes; sign-in is needed', async () => {
  const carl = rows((await get(panel, PAGE, jars.carl!)).text).map((r) => `${r.action} ${r.entry}`);
  assert.equal(carl.includes('update posts/bobs-draft'), false);
  assert.equal(carl.includes('recovery code used —'), false);
  assert.equal(carl.includes('create posts/carl-on-glaciers'), true);
  assert.equal(carl.includes('update posts/hello'), true);
  // Bob (editor) sees drafts of others, but Ann's recovery codes are hers and the admins'.
  const bob = rows((await get(panel, PAGE, jars.bob!)).text).map((r) => `${r.action} ${r.entry}`);
  assert.equal(bob.includes('update posts/bobs-draft'), true);
  assert.equal(bob.includes('recovery code used —'), false);
  const anonymous = await get(panel, PAGE);
  assert.equal(anonymous.res.status, 303);
});

test('Assistants shows token times in the site\'s time zone too', async () => {
  const { text } = await get(panel, '/svc/panel/assistants', jars.ann!);
  assert.match(text, /<dt>Created<\/dt><dd>2026-03-10 13:00 Europe\/Berlin<\/dd>/);
  assert.doesNotMatch(text, / UTC</);
});
