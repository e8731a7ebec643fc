// `/entries` rows without bodies are joined from text kept per translation (src/api/list-rows.ts). They
// must be the very bytes the full view gives (the rows of `body=1` less markdown and html), for every caller,
// and follow a file, a tag's title and a cover changed on disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makePng } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { ContentStore } from '../../dist/content/store.js';
import { listEntries } from '../../dist/content/query.js';
import { ListRowCache } from '../../dist/api/list-rows/list-rows.js';
import { listAnswer } from '../../dist/api/answers/list-answer.js';
import { canSeeTranslation } from '../../dist/content/content-rights.js';
import { warmListRows } from '../../dist/api/list-row-warmer.js';
import type { Entry, Translation } from '../../src/content/entries/types.ts';

let root: string;
let server: TestServer;
const tokens: Record<string, string> = {};

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { rateLimits: false });
  for (const [id, role] of [['admin', 'admin'], ['writer', 'contributor']] as const) {
    const account = await server.deps.auth.accounts.create({ name: id, email: `${id}@example.org`, role, password: 'a long password 1' });
    tokens[id] = server.deps.auth.createToken({ ownerId: account.id, name: `${id} test`, scopes: ['content:read'], expiresInDays: 30 }).token;
  }
  // A scheduled post found due is written as published a moment after the first list: wait for that, so
  // the two views compared below are asked of the same files.
  await text('/svc/api/v1/entries');
  await waitFor(() => assert.match(readFileSync(join(root, 'content/posts/was-scheduled/en.md'), 'utf8'), /status: "?published/));
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function text(path: string, who?: string): Promise<string> {
  const response = await fetch(server.url + path, { headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} });
  assert.equal(response.status, 200, path);
  return response.text();
}

let asked = 0;
/**
 * The list without bodies, and what the full view of the same list gives less markdown and html. Each call
 * asks with its own page size (`fresh`), so no whole answer kept from before is given back: the covers of
 * kept answers follow their images only when the content changes.
 */
async function bothViews(query: string, who?: string, fresh = false): Promise<[string, string]> {
  if (fresh) query += `&limit=${20 + (asked++ % 80)}`;
  const rows = await text(`/svc/api/v1/entries?${query}`, who);
  const full = JSON.parse(await text(`/svc/api/v1/entries?${query}&body=1`, who)) as { data: Array<Record<string, unknown>>; meta: unknown };
  for (const row of full.data) { delete row.markdown; delete row.html; }
  return [rows, JSON.stringify(full)];
}

const QUERIES = [
  'type=post', 'type=post&language=de', 'type=page', 'type=page&language=de', 'type=tag', 'type=recipe', 'type=post&tag=news',
  'type=post&tag=travel&language=de', 'type=post&category=events', 'type=post&limit=2', 'type=post&status=any', 'type=post&status=draft',
  'type=post&status=scheduled', 'type=page&status=any&language=de',
];

test('a list row without body is byte for byte the full view of the same row less markdown and html, for every caller', async () => {
  for (const query of QUERIES) {
    for (const who of query.includes('status=') ? ['admin', 'writer'] : [undefined, 'admin']) {
      const [rows, full] = await bothViews(query, who);
      assert.equal(rows, full, `${query} as ${who ?? 'anyone'}`);
      // Asked again (another address, so no whole answer is kept for it), the rows come from what was kept.
      const again = query.includes('limit=') ? `${query}&page=2` : `${query}&limit=50`;
      const [rowsAgain, fullAgain] = await bothViews(again, who);
      assert.equal(rowsAgain, fullAgain, `${again} as ${who ?? 'anyone'}`);
    }
  }
});

test('a row follows its file, its tags\' titles and its cover as they change on disk', async () => {
  await text('/svc/api/v1/entries?type=post');
  const hello = join(root, 'content/posts/hello/en.md');
  writeFileSync(hello, readFileSync(hello, 'utf8').replace('"Hello World"', '"Hello Again"').replace('"The first post."', `'Edited "by hand", Grüße.'`));
  await waitFor(async () => {
    const [rows, full] = await bothViews('type=post');
    assert.match(rows, /"title":"Hello Again".*"excerpt":"Edited \\"by hand\\", Grüße."/);
    assert.equal(rows, full);
  });
  const news = join(root, 'content/tags/news/en.md');
  writeFileSync(news, readFileSync(news, 'utf8').replace('"News"', '"Headlines"'));
  await waitFor(async () => {
    const [rows, full] = await bothViews('type=post');
    assert.match(rows, /\{"slug":"news","title":"Headlines"\}/);
    assert.equal(rows, full);
  });
  // The cover's image is not in the index: a new size shows once the kept cover is looked at again (1 s).
  writeFileSync(join(root, 'content/media/posts/hello/cover.png'), makePng(80, 40));
  await waitFor(async () => {
    const [rows, full] = await bothViews('type=post', undefined, true);
    assert.match(rows, /"cover":\{[^}]*"width":80,"height":40\}/);
    assert.equal(rows, full);
  }, 3000);
  rmSync(join(root, 'content/media/posts/hello'), { recursive: true });
  await waitFor(async () => {
    const [rows, full] = await bothViews('type=post', undefined, true);
    assert.match(rows, /"id":"posts\/hello"[^]*?"cover":null/);
    assert.equal(rows, full);
  }, 3000);
});

test('a public list answer is its rows\' bytes under a tag made from them: the same from a new cache, another when a row or the meta changes', async () => {
  const siteRoot = createFixtureSite();
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  const isPublic = (entry: Entry, translation: Translation) => canSeeTranslation(null, entry, translation);
  const answer = (rows: ReturnType<typeof listEntries>['rows'], meta: object) => listAnswer(new ListRowCache({ isPublic }).publicRows(store, store.generation, rows), JSON.stringify(meta));
  try {
    const { rows } = listEntries(store, { type: 'post', language: 'en', status: 'published' });
    const meta = { page: 1, pages: 1, total: rows.length };
    const first = answer(rows, meta);
    assert.equal(first.bytes.toString('utf8'), `{"data":[${new ListRowCache({ isPublic }).rowsJson(store, store.generation, rows, null)}],"meta":${JSON.stringify(meta)}}`);
    assert.match(first.etag, /^"[A-Za-z0-9_-]{32}"$/);
    assert.equal(answer(rows, meta).etag, first.etag);
    assert.notEqual(answer(rows, { ...meta, page: 2 }).etag, first.etag);
    assert.notEqual(answer(rows.slice(1), meta).etag, first.etag);
    assert.equal(answer([], meta).bytes.toString(), `{"data":[],"meta":${JSON.stringify(meta)}}`);
    const hello = join(siteRoot, 'content/posts/hello/en.md');
    writeFileSync(hello, readFileSync(hello, 'utf8').replace('"Hello World"', '"Grüße, edited"'));
    const edited = await waitFor(() => {
      const now = listEntries(store, { type: 'post', language: 'en', status: 'published' }).rows;
      assert.ok(now.some((row) => row.translation.title === 'Grüße, edited'));
      return now;
    });
    const after = answer(edited, meta);
    assert.notEqual(after.etag, first.etag);
    // Lengths counted in UTF-8: the bytes are whole JSON.
    assert.equal((JSON.parse(after.bytes.toString('utf8')) as { data: Array<{ title: string }> }).data.filter((row) => row.title === 'Grüße, edited').length, 1);
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});

test('a public list page answers If-None-Match with its tag with 304, and with 200 once a row on it changed', async () => {
  const path = '/svc/api/v1/entries?type=recipe&limit=7';
  const first = await fetch(server.url + path);
  const etag = first.headers.get('etag')!;
  assert.equal(first.status, 200);
  assert.equal((await fetch(server.url + path, { headers: { 'if-none-match': etag } })).status, 304);
  const id = (JSON.parse(await first.text()) as { data: Array<{ id: string }> }).data[0]!.id;
  const file = join(root, 'content', id, 'en.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Retitled by hand"'));
  await waitFor(async () => {
    const again = await fetch(server.url + path, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 200);
    assert.match(await again.text(), /"title":"Retitled by hand"/);
    assert.notEqual(again.headers.get('etag'), etag);
  });
});

test('rows sharing a cover and tags are copied from their kept bytes: the same answer and tag as rows made one by one, ASCII or not', () => {
  const extra: Record<string, string | Buffer> = { 'content/media/shared/cover.png': makePng(48, 24), 'content/media/own/cover.png': makePng(20, 10) };
  const cover = (n: number) => (n === 3 ? 'media/own/cover.png' : n === 4 ? 'media/missing.png' : 'media/shared/cover.png');
  for (let n = 0; n < 6; n++) {
    extra[`content/posts/shared-${n}/en.md`] = entryText(entry({ title: n % 2 ? `Grüße ${n}` : `Plain ${n}`, status: 'published', date: `2026-02-0${n + 1} 09:00`, author: 'admin', tags: ['news', 'travel'], excerpt: `Row ${n}.`, cover: cover(n) }, 'Text.'));
    extra[`content/posts/shared-${n}/de.md`] = entryText(entry({ title: `Beitrag ${n}`, status: 'published', date: `2026-02-0${n + 1} 09:00`, author: 'admin', tags: ['news'], cover: cover(n) }, 'Text.'));
  }
  const siteRoot = createFixtureSite(extra);
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  const isPublic = (entry: Entry, translation: Translation) => canSeeTranslation(null, entry, translation);
  try {
    for (const language of ['en', 'de']) {
      const { rows } = listEntries(store, { type: 'post', language, status: 'published' });
      const meta = JSON.stringify({ page: 1, pages: 1, total: rows.length });
      const kept = new ListRowCache({ isPublic });
      const first = listAnswer(kept.publicRows(store, store.generation, rows), meta);
      // Asked again, every row sharing a cover or tags with another entry's is copied from their bytes.
      const again = listAnswer(kept.publicRows(store, store.generation, rows), meta);
      const oneByOne = `{"data":[${rows.map((row) => new ListRowCache({ isPublic }).rowsJson(store, store.generation, [row], null)).join(',')}],"meta":${meta}}`;
      assert.equal(first.bytes.toString('utf8'), oneByOne, language);
      assert.equal(again.bytes.toString('utf8'), oneByOne, language);
      assert.equal(again.etag, first.etag);
      assert.equal(again.etag, listAnswer(new ListRowCache({ isPublic }).publicRows(store, store.generation, rows), meta).etag);
      assert.equal((JSON.parse(oneByOne) as { data: unknown[] }).data.length, rows.length);
    }
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});

test('the kept rows stay within their byte budget, forgetting the oldest first', () => {
  const siteRoot = createFixtureSite();
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  try {
    const { rows } = listEntries(store, { type: 'post', language: 'en', status: 'any' });
    assert.ok(rows.length >= 8);
    const unbounded = new ListRowCache({ isPublic: (entry, translation) => canSeeTranslation(null, entry, translation) });
    unbounded.rowsJson(store, store.generation, rows, () => true);
    assert.equal(unbounded.size, rows.length);
    const budget = Math.floor(unbounded.bytes / 2);
    const bounded = new ListRowCache({ isPublic: (entry, translation) => canSeeTranslation(null, entry, translation), budgetBytes: budget });
    const texts = rows.map((row) => bounded.rowsJson(store, store.generation, [row], null));
    assert.ok(bounded.bytes <= budget, `${bounded.bytes} bytes kept over a budget of ${budget}`);
    assert.ok(bounded.size > 0 && bounded.size < rows.length);
    // What was forgotten is built again, the same.
    assert.deepEqual(rows.map((row) => bounded.rowsJson(store, store.generation, [row], null)), texts);
    assert.equal(bounded.rowsJson(store, store.generation, rows, null), texts.join(','));
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});

test('after the first list answer the newest published rows of each type are made a few at a time, up to a share of the budget', () => {
  const siteRoot = createFixtureSite();
  const store = new ContentStore({ root: siteRoot, clock: Date.now, log: () => {} });
  try {
    const isPublic = (entry: Entry, translation: Translation) => canSeeTranslation(null, entry, translation);
    const published = store.site().types.flatMap((type) => listEntries(store, { type: type.key, language: 'en', status: 'published' }).rows);
    const turns: Array<() => void> = [];
    const all = new ListRowCache({ isPublic });
    let done = 0;
    warmListRows(store, all, { batch: 2, later: (next) => turns.push(next), done: () => done++ });
    let taken = 0;
    while (turns.length > 0) { turns.shift()!(); taken++; }
    assert.equal(all.size, published.length, 'every published row in the default language');
    assert.equal(done, 1, 'told once that every row is made (the server then gives back the pages its garbage took)');
    assert.ok(taken > published.length / 2, 'two rows a turn');
    // The rows made are those a list answer joins.
    const fresh = new ListRowCache({ isPublic });
    assert.equal(all.rowsJson(store, store.generation, published, null), fresh.rowsJson(store, store.generation, published, null));
    const some = new ListRowCache({ isPublic, budgetBytes: Math.floor(all.bytes / 2) });
    warmListRows(store, some, { batch: 1, share: 0.5, later: (next) => turns.push(next), done: () => done++ });
    while (turns.length > 0) turns.shift()!();
    assert.equal(done, 2, 'told once that the share is reached');
    assert.ok(some.bytes >= some.budget * 0.5 && some.size < published.length, `${some.size} rows, ${some.bytes} bytes of ${some.budget}`);
  } finally {
    store.close();
    rmSync(siteRoot, { recursive: true, force: true });
  }
});
