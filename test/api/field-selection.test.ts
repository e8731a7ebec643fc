// `fields=` and `formats=` on /entries and /entry: only the keys asked for, in the order of the full
// answer, each selection its own cacheable answer with its ETag; bad lists are 422 naming the known keys;
// without either the answers are exactly as before.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { plainText } from '../../dist/content/plain-text.js';

const API = '/svc/api/v1';
const META = ['id', 'title', 'url', 'status', 'date', 'excerpt', 'tags', 'cover', 'translations', 'fields'];
let server: TestServer;
let reader: string;

before(async () => {
  server = await startTestServer(createFixtureSite());
  const account = await server.deps.auth.accounts.create({ name: 'Ed', email: 'ed@example.org', role: 'editor', password: 'a long password 1' });
  reader = server.deps.auth.createToken({ ownerId: account.id, name: 'reader', scopes: ['content:read'], expiresInDays: 30 }).token;
});
after(() => server.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + API + path, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as any };
}

test('fields on /entries: only those keys, in the order of the full answer, whatever order they are asked in', async () => {
  const { status, body } = await get('/entries?fields=title,id&limit=20');
  assert.equal(status, 200);
  assert.ok(body.data.length > 3);
  for (const row of body.data) assert.deepEqual(Object.keys(row), ['id', 'title']);
  assert.deepEqual(body.meta, (await get('/entries?limit=20')).body.meta);
  const full = (await get('/entries?limit=20')).body.data;
  assert.deepEqual(body.data, full.map((row: any) => ({ id: row.id, title: row.title })));
});

test('all the keys asked for by name give exactly the answer without a selection', async () => {
  const full = await get('/entries?limit=20&type=post');
  const named = await get(`/entries?limit=20&type=post&fields=${META.join(',')}`);
  assert.equal(named.text, full.text);
  const withBody = await get('/entries?limit=20&body=1');
  assert.equal((await get('/entries?limit=20&formats=markdown,html')).text, withBody.text);
  assert.equal((await get(`/entries?limit=20&fields=${META.join(',')},markdown,html`)).text, withBody.text);
  const entry = await get('/entry?id=posts/hello');
  assert.equal((await get(`/entry?id=posts/hello&fields=${[...META, 'markdown', 'html'].join(',')}`)).text, entry.text);
  assert.equal((await get('/entry?id=posts/hello&formats=html,markdown')).text, entry.text);
});

test('formats picks the forms of the body, plaintext among them; fields may name them too', async () => {
  const plain = await get('/entry?id=posts/hello&formats=plaintext');
  assert.deepEqual(Object.keys(plain.body), [...META, 'plaintext']);
  assert.equal(plain.body.plaintext, 'Welcome to the site.\n\nNote\n\nA tip.');
  const html = (await get('/entry?id=posts/hello')).body.html;
  assert.equal(plain.body.plaintext, plainText(html));
  const titled = await get('/entry?id=posts/hello&fields=title,plaintext');
  assert.deepEqual(titled.body, { title: 'Hello World', plaintext: 'Welcome to the site.\n\nNote\n\nA tip.' });
  assert.deepEqual(Object.keys((await get('/entry?id=posts/hello&fields=title')).body), ['title'], 'no body unless asked for');
  assert.deepEqual(Object.keys((await get('/entry?id=posts/hello&fields=url&formats=markdown')).body), ['url', 'markdown']);
  const list = await get('/entries?formats=plaintext&fields=id');
  for (const row of list.body.data) assert.deepEqual(Object.keys(row), ['id', 'plaintext']);
  const listed = await get('/entries?body=1&fields=id');
  for (const row of listed.body.data) assert.deepEqual(Object.keys(row), ['id'], 'fields decides; body=1 adds the body only when fields names none');
});

test('each selection is cached under its own key with its own ETag, and answers 304', async () => {
  const a = await get('/entries?fields=id,title');
  const b = await get('/entries?fields=id,url');
  assert.notEqual(a.headers.get('etag'), b.headers.get('etag'));
  assert.match(a.headers.get('cache-control')!, /^public, max-age=60,/);
  const again = await fetch(`${server.url}${API}/entries?fields=id,title`, { headers: { 'if-none-match': a.headers.get('etag')! } });
  assert.equal(again.status, 304);
  assert.equal((await get('/entries?fields=id,title')).text, a.text);
});

test('what selection changes nothing about: drafts stay hidden without a token, visible with one', async () => {
  assert.equal((await get('/entry?id=posts/admin-draft&fields=id')).status, 404);
  assert.deepEqual((await get('/entry?id=posts/admin-draft&fields=id,status', { authorization: `Bearer ${reader}` })).body, { id: 'posts/admin-draft', status: 'draft' });
  const drafts = await get('/entries?status=draft&fields=id', { authorization: `Bearer ${reader}` });
  assert.ok(drafts.body.data.length >= 1);
  assert.equal((await get('/entries?status=draft&fields=id')).status, 401);
});

test('bad lists are 422 naming the known keys, and change nothing', async () => {
  const known = 'the known ones are id, title, url, status, date, excerpt, tags, cover, translations, fields, markdown, html, plaintext';
  const cases: Array<[string, RegExp]> = [
    ['/entries?fields=title,nope', /names an unknown name: "nope"/],
    ['/entries?fields=__proto__', /names an unknown name: "__proto__"/],
    ['/entries?fields=constructor,toString', /unknown names: "constructor", "toString"/],
    ['/entries?fields=title,,url', /unknown name: ""/],
    ['/entries?fields=title,title', /names title twice/],
    ['/entry?id=posts/hello&fields=id,url,id', /names id twice/],
    ['/entries?formats=pdf', /The parameter formats names an unknown name: "pdf"; the known ones are markdown, html, plaintext\./],
    ['/entries?formats=markdown,title', /formats names an unknown name: "title"/],
    ['/entry?id=posts/hello&formats=markdown,markdown', /formats names markdown twice/],
    ['/entries?fields=id&fields=title', /takes one value/],
    ['/entries?fields[]=id', /takes one value/],
    // 1,000 names within the longest address the server takes (longer ones are 414 before any route).
    [`/entries?fields=${Array.from({ length: 1000 }, (_, n) => n.toString(36)).join(',')}`, /names at most 13 names, each once/],
    [`/entries?fields=${Array.from({ length: 1000 }, () => 'id').join(',')}`, /names at most 13 names/],
    [`/entries?fields=${'x'.repeat(3000)}`, /unknown name: "x{40}…"/],
    [`/entries?fields=${Array.from({ length: 12 }, (_, n) => `bad${n}`).join(',')}`, /"bad0", "bad1", "bad2", "bad3", "bad4" and more/],
  ];
  for (const [path, message] of cases) {
    const { status, body, headers } = await get(path);
    assert.equal(status, 422, path);
    assert.match(body.message, message, path);
    assert.equal(headers.get('cache-control'), 'no-store', path);
    if (!/one value|twice/.test(body.message)) assert.ok(body.message.includes(path.includes('formats=') ? 'markdown, html, plaintext' : known), body.message);
    assert.ok(body.message.length < 400, `${path}: a short sentence (${body.message.length})`);
  }
});

test('the plain text of HTML: blocks as paragraphs, references decoded, odd references left or replaced', () => {
  assert.equal(plainText('<h2>A &amp; B</h2><p>x &lt;y&gt; &#65;&#x42; &nbsp;z</p><ul><li>one</li><li>two</li></ul>'), 'A & B\n\nx <y> AB \u00a0z\n\none\n\ntwo');
  assert.equal(plainText('<p>&constructor; &proto; &#xD800; &#0; &#99999999;</p>'), '&constructor; &proto; \ufffd \ufffd &#99999999;');
});
