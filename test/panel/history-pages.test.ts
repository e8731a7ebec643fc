// The History page in pages of 200 over real HTTP: Newer / Older links that keep the filters, pages that
// follow on without a gap or a repeat, a page past the end, and a bad page number refused in a sentence.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { get, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { appendHistory } from '../../dist/content/history.js';
import { fileStorage } from '../../dist/content/storage/file-storage.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let bob: Jar;
const PAGE = '/svc/panel/history';

before(async () => {
  site = await makeTestSite();
  // 450 changes to a published post, every other one through MCP; the detail numbers them, oldest first.
  for (let n = 0; n < 450; n++) {
    appendHistory(join(site.root, 'data'), {
      time: new Date(Date.UTC(2026, 2, 1) + n * 60_000).toISOString(), person: 'bob', action: 'update', entry: 'posts/hike-day', language: 'en',
      via: n % 2 === 0 ? 'panel' : 'mcp', token: n % 2 === 0 ? null : 'Bob laptop', detail: `n${n}`,
    }, fileStorage(new TrustedFolders([join(site.root, 'data')])));
  }
  ({ panel } = served = await serveTestSite({ site }));
  bob = await served.signIn('bob@example.org');
});
after(() => served.close());

/** The numbers of the changes a page lists, in its order. */
const numbers = (html: string) => [...html.matchAll(/<td>n(\d+)<\/td>/g)].map((match) => Number(match[1]));
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

test('pages of 200, newest first, follow on with Older and Newer links', async () => {
  const first = await get(panel, PAGE, bob);
  assert.equal(first.res.status, 200);
  assert.deepEqual(numbers(first.text), range(449, 250));
  assert.match(first.text, /<nav class="pager" aria-label="History pages"><p>Page 1\. <a href="\/svc\/panel\/history\?page=2" rel="next">Older changes<\/a><\/p><\/nav>/);
  const second = await get(panel, `${PAGE}?page=2`, bob);
  assert.deepEqual(numbers(second.text), range(249, 50));
  assert.match(second.text, /<p>Page 2\. <a href="\/svc\/panel\/history" rel="prev">Newer changes<\/a> · <a href="\/svc\/panel\/history\?page=3" rel="next">Older changes<\/a><\/p>/);
  const third = await get(panel, `${PAGE}?page=3`, bob);
  assert.deepEqual(numbers(third.text), range(49, 0));
  assert.match(third.text, /<p>Page 3\. <a href="\/svc\/panel\/history\?page=2" rel="prev">Newer changes<\/a><\/p>/);
  const past = await get(panel, `${PAGE}?page=4`, bob);
  assert.equal(past.res.status, 200);
  assert.match(past.text, /No older changes match these filters\./);
  assert.match(past.text, /href="\/svc\/panel\/history\?page=3" rel="prev">Newer changes<\/a>/);
});

test('the links keep the filters', async () => {
  const first = await get(panel, `${PAGE}?via=mcp&entry=posts%2Fhike-day&person=bob`, bob);
  assert.deepEqual(numbers(first.text), range(449, 51).filter((n) => n % 2 === 1));
  assert.match(first.text, /<a href="\/svc\/panel\/history\?person=bob&amp;via=mcp&amp;entry=posts%2Fhike-day&amp;page=2" rel="next">Older changes<\/a>/);
  const second = await get(panel, '/svc/panel/history?person=bob&via=mcp&entry=posts%2Fhike-day&page=2', bob);
  assert.deepEqual(numbers(second.text), range(49, 1).filter((n) => n % 2 === 1));
  assert.match(second.text, /<a href="\/svc\/panel\/history\?person=bob&amp;via=mcp&amp;entry=posts%2Fhike-day" rel="prev">Newer changes<\/a><\/p>/);
  assert.doesNotMatch(second.text, /Older changes/);
  const token = await get(panel, `${PAGE}?token=Bob+laptop`, bob);
  assert.match(token.text, /href="\/svc\/panel\/history\?token=Bob\+laptop&amp;page=2" rel="next"/);
});

test('a bad page number is refused in a sentence', async () => {
  for (const page of ['0', 'x', '-1', '2.5', '501', '99999']) {
    const answer = await get(panel, `${PAGE}?page=${page}`, bob);
    assert.equal(answer.res.status, 422, page);
    assert.match(answer.text, /The page must be a whole number from 1 to 500\./, page);
    assert.deepEqual(numbers(answer.text), [], page);
  }
});
