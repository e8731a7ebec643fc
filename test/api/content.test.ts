import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, readFileSync, rmSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

let root: string;
let server: TestServer;
const tokens: Record<string, string> = {};

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + path, { headers });
  const text = await response.text();
  let body: any = undefined;
  try { body = text ? JSON.parse(text) : undefined; } catch { body = text; }
  return { status: response.status, headers: response.headers, body };
}
const auth = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  const { auth: people } = server.deps;
  for (const [id, role, scopes] of [
    ['admin', 'admin', ['content:read', 'stats:read']],
    ['editor', 'editor', ['content:read']],
    ['writer', 'contributor', ['content:read']],
    ['noscope', 'editor', ['stats:read']],
  ] as const) {
    const account = await people.accounts.create({ name: id, email: `${id}@example.org`, role, password: 'a long password 1' });
    tokens[id] = people.createToken({ ownerId: account.id, name: `${id} test`, scopes: [...scopes], expiresInDays: 30 }).token;
  }
});
after(() => server.close());

describe('GET /svc/api/v1/site', () => {
  test('returns the title, languages and content types with counts', async () => {
    const { status, body, headers } = await get('/svc/api/v1/site');
    assert.equal(status, 200);
    assert.equal(headers.get('access-control-allow-origin'), '*');
    assert.equal(body.title, 'Fixture Site');
    assert.deepEqual(body.languages, { en: 'English', de: 'Deutsch' });
    assert.equal(body.default_language, 'en');
    assert.equal(body.url, server.url);
    const types = Object.fromEntries(body.content_types.map((t: any) => [t.type, t]));
    assert.deepEqual(Object.keys(types), ['post', 'page', 'tag', 'recipe']);
    assert.equal(types.recipe.folder, 'recipes');
    assert.equal(types.post.entries, 6);
  });
});

describe('GET /svc/api/v1/entries', () => {
  test('lists published posts newest first in the list wrapper with integer meta', async () => {
    const { status, body } = await get('/svc/api/v1/entries');
    assert.equal(status, 200);
    assert.deepEqual(body.data.map((e: any) => e.id), ['posts/second', 'posts/hello', 'posts/concert', 'posts/gala', 'posts/was-scheduled', 'posts/old-concert']);
    assert.deepEqual(body.meta, { page: 1, pages: 1, total: 6 });
  });

  test('gives every entry field with the spec types', async () => {
    const { body } = await get('/svc/api/v1/entries?limit=1&page=2');
    const entry = body.data[0];
    assert.equal(entry.id, 'posts/hello');
    assert.equal(entry.title, 'Hello World');
    assert.equal(entry.url, `${server.url}/hello`);
    assert.equal(entry.status, 'published');
    assert.equal(entry.date, '2026-01-10T10:00:00+01:00');
    assert.equal(entry.excerpt, 'The first post.');
    assert.deepEqual(entry.tags, [{ slug: 'news', title: 'News' }, { slug: 'travel', title: 'Travel' }]);
    assert.deepEqual(entry.cover, {
      url: `${server.url}/media/posts/hello/cover.png`,
      srcset: `${server.url}/media/posts/hello/cover-32w.png 32w, ${server.url}/media/posts/hello/cover.png 64w`,
      width: 64,
      height: 32,
    });
    assert.deepEqual(entry.translations, { en: `${server.url}/hello`, de: `${server.url}/de/hallo-welt` });
    assert.equal(entry.fields.category, 'journal');
    assert.equal(entry.markdown, undefined);
    assert.equal(entry.html, undefined);
    assert.deepEqual(body.meta, { page: 2, pages: 6, total: 6 });
  });

  test('body=1 adds markdown and html with cards rendered and raw HTML escaped', async () => {
    const { body } = await get('/svc/api/v1/entries?body=1&limit=2&page=1');
    const hello = body.data[1];
    assert.match(hello.markdown, /^Welcome to \*\*the site\*\*/);
    assert.match(hello.html, /<div class="card-callout card-callout-tip">/);
    assert.match(hello.html, /src="\/media\/posts\/hello\/cover.png"/);
  });

  test('filters by language, tag, type and category', async () => {
    assert.deepEqual((await get('/svc/api/v1/entries?language=de')).body.data.map((e: any) => e.title), ['Hallo Welt']);
    assert.deepEqual((await get('/svc/api/v1/entries?language=de')).body.data[0].tags, [{ slug: 'news', title: 'Neuigkeiten' }]);
    assert.deepEqual((await get('/svc/api/v1/entries?tag=travel')).body.data.map((e: any) => e.id), ['posts/second', 'posts/hello']);
    assert.deepEqual((await get('/svc/api/v1/entries?type=page')).body.data.map((e: any) => e.id).sort(), ['pages/about', 'pages/about/team']);
    assert.equal((await get('/svc/api/v1/entries?type=page')).body.data.find((e: any) => e.id === 'pages/about/team').url, `${server.url}/about/team`);
    assert.deepEqual((await get('/svc/api/v1/entries?type=recipe')).body.data.map((e: any) => e.url), [`${server.url}/recipes/soup`]);
    assert.deepEqual((await get('/svc/api/v1/entries?type=tag')).body.data.map((e: any) => e.url).sort(), [`${server.url}/tag/news`, `${server.url}/tag/travel`]);
    assert.deepEqual((await get('/svc/api/v1/entries?category=journal')).body.data.map((e: any) => e.id), ['posts/hello']);
  });

  test('a date category lists only upcoming entries, soonest first', async () => {
    const { body } = await get('/svc/api/v1/entries?category=events');
    assert.deepEqual(body.data.map((e: any) => e.id), ['posts/gala', 'posts/concert']);
  });

  test('a scheduled entry whose time has passed is published', async () => {
    const { body } = await get('/svc/api/v1/entry?id=posts/was-scheduled');
    assert.equal(body.status, 'published');
  });

  for (const [query, message] of [
    ['limit=0', 'The parameter limit must be a whole number from 1 to 100.'],
    ['limit=101', 'The parameter limit must be a whole number from 1 to 100.'],
    ['limit=abc', 'The parameter limit must be a whole number from 1 to 100.'],
    ['limit=-1', 'The parameter limit must be a whole number from 1 to 100.'],
    ['page=0', 'The parameter page must be a whole number from 1 to 1000000.'],
    ['page=1.5', 'The parameter page must be a whole number from 1 to 1000000.'],
    ['language=fr', 'The parameter language must be one of en, de; GET /svc/api/v1/site lists them.'],
    ['type=video', 'The parameter type must be one of post, page, tag, recipe; GET /svc/api/v1/site lists them.'],
    ['status=gone', 'The parameter status must be one of published, draft, scheduled, any.'],
    ['body=yes', 'The parameter body must be one of 0, 1.'],
    ['category=nope', 'The parameter category must be one of journal, events.'],
    ['category=constructor', 'The parameter category must be one of journal, events.'],
    ['category=__proto__', 'The parameter category must be one of journal, events.'],
    ['language=constructor', 'The parameter language must be one of en, de; GET /svc/api/v1/site lists them.'],
    ['tag=../x', 'The parameter tag must be a tag slug; GET /svc/api/v1/entries?type=tag lists them.'],
    ['limit=1&limit=2', 'The parameter limit takes one value; give it once.'],
    ['limit[]=5', 'The parameter limit takes one value; give it once.'],
    ['tag=travel&tag=food', 'The parameter tag takes one value; give it once.'],
  ]) {
    test(`refuses ${query} with 422`, async () => {
      const { status, body } = await get(`/svc/api/v1/entries?${query}`);
      assert.equal(status, 422);
      assert.deepEqual(body, { message });
    });
  }

  test('statuses other than published need a token (401) with content:read (403)', async () => {
    assert.equal((await get('/svc/api/v1/entries?status=draft')).status, 401);
    assert.equal((await get('/svc/api/v1/entries?status=any', auth('noscope'))).status, 403);
    assert.deepEqual((await get('/svc/api/v1/entries?status=draft', { authorization: 'Bearer svc_nope' })).status, 401);
  });

  test('drafts of others are visible only to owners with content.edit_all or content.publish', async () => {
    const admin = await get('/svc/api/v1/entries?status=draft', auth('admin'));
    assert.deepEqual(admin.body.data.map((e: any) => e.id), ['posts/writer-draft', 'posts/admin-draft']);
    const writer = await get('/svc/api/v1/entries?status=draft', auth('writer'));
    assert.deepEqual(writer.body.data.map((e: any) => e.id), ['posts/writer-draft']);
    const scheduled = await get('/svc/api/v1/entries?status=scheduled', auth('editor'));
    assert.deepEqual(scheduled.body.data.map((e: any) => e.id), ['posts/later']);
    const any = await get('/svc/api/v1/entries?status=any&limit=100', auth('writer'));
    assert.equal(any.body.meta.total, 7);
  });
});

describe('GET /svc/api/v1/entry', () => {
  test('returns one entry with markdown and html, in a language', async () => {
    const { status, body } = await get('/svc/api/v1/entry?id=posts/hello&language=de');
    assert.equal(status, 200);
    assert.equal(body.title, 'Hallo Welt');
    assert.equal(body.url, `${server.url}/de/hallo-welt`);
    assert.equal(body.markdown, 'Willkommen.\n');
    assert.equal(body.html, '<p>Willkommen.</p>\n');
  });

  test('a draft is 404 without content:read and shown with it', async () => {
    assert.equal((await get('/svc/api/v1/entry?id=posts/admin-draft')).status, 404);
    assert.equal((await get('/svc/api/v1/entry?id=posts/admin-draft', auth('noscope'))).status, 404);
    assert.equal((await get('/svc/api/v1/entry?id=posts/admin-draft', auth('admin'))).body.status, 'draft');
    assert.equal((await get('/svc/api/v1/entry?id=posts/admin-draft', auth('writer'))).status, 404);
  });

  test('unknown entries and missing translations are 404', async () => {
    const missing = await get('/svc/api/v1/entry?id=posts/nothing');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'No entry posts/nothing in en; GET /svc/api/v1/entries lists the entries.');
    assert.equal((await get('/svc/api/v1/entry?id=posts/second&language=de')).status, 404);
  });

  test('an id left out or empty is said to be required', async () => {
    for (const query of ['', '?id=', '?language=en']) {
      const { status, body } = await get(`/svc/api/v1/entry${query}`);
      assert.deepEqual({ status, body }, { status: 422, body: { message: 'The parameter id is required.' } }, query);
    }
  });

  const oddIds = [
    '../site.yaml', '..%2F..%2Fetc%2Fpasswd', '/etc/passwd', 'posts/../../data', 'posts\\hello', 'posts/hello%00', 'posts/%2e%2e',
    'posts/' + 'a'.repeat(300), 'posts//hello', 'posts/hello/', 'POSTS/hello', 'media/posts/hello', 'posts/hello/../second', '%00', '',
  ];
  for (const id of oddIds) {
    test(`an odd id (${JSON.stringify(id.slice(0, 30))}) never leaves content/ and never answers 500`, async () => {
      const { status, body } = await get(`/svc/api/v1/entry?id=${id}`);
      assert.ok(status === 422 || status === 404, `status ${status}`);
      assert.equal(typeof body.message, 'string');
    });
  }

  test('a file changed on disk shows up in the next request', async () => {
    const file = join(root, 'content/posts/second/en.md');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, before.replace('Second Post', 'Second Post, Edited'));
    assert.equal((await get('/svc/api/v1/entry?id=posts/second')).body.title, 'Second Post, Edited');
    // Lists see it once the index's sweep has passed (every few milliseconds on a small site).
    await waitFor(async () => assert.equal((await get('/svc/api/v1/entries?limit=1')).body.data[0].title, 'Second Post, Edited'));
    writeFileSync(join(root, 'content/posts/brand-new.md'), 'not an entry folder');
    writeFileSync(file, before);
  });

  test('a broken file is skipped with a warning and the rest keeps serving', async () => {
    const dir = join(root, 'content/posts/broken');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'en.md'), '---\ntitle: [unclosed\n---\nbody');
    writeFileSync(join(root, 'content/posts/second/de.md'), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const { status, body } = await get('/svc/api/v1/entries');
    assert.equal(status, 200);
    assert.equal(body.meta.total, 6);
    assert.equal((await get('/svc/api/v1/entry?id=posts/broken')).status, 404);
    rmSync(dir, { recursive: true });
    rmSync(join(root, 'content/posts/second/de.md'));
    assert.ok(readdirSync(join(root, 'content/posts')).length > 0);
  });
});

describe('HTTP behaviour of the API', () => {
  test('a strong ETag answers If-None-Match with 304', async () => {
    const first = await get('/svc/api/v1/entries');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    assert.equal(first.headers.get('cache-control'), 'public, max-age=60, s-maxage=60, stale-while-revalidate=60, stale-if-error=86400');
    const again = await fetch(server.url + '/svc/api/v1/entries', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  });

  test('If-None-Match is compared weakly and may list several tags, as on the website', async () => {
    const { headers } = await get('/svc/api/v1/site');
    const etag = headers.get('etag')!;
    for (const field of [`W/${etag}`, `"stale", ${etag}`, '*']) {
      assert.equal((await fetch(server.url + '/svc/api/v1/site', { headers: { 'if-none-match': field } })).status, 304, field);
    }
    assert.equal((await fetch(server.url + '/svc/api/v1/site', { headers: { 'if-none-match': '"stale"' } })).status, 200);
  });

  test('token reads are private and not stored', async () => {
    const { headers } = await get('/svc/api/v1/entries', auth('admin'));
    assert.equal(headers.get('cache-control'), 'private, no-store');
  });

  test('HEAD gives the headers without a body', async () => {
    const response = await fetch(server.url + '/svc/api/v1/site', { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.ok(Number(response.headers.get('content-length')) > 0);
    assert.equal(await response.text(), '');
  });

  test('CORS preflight is answered for any origin', async () => {
    const response = await fetch(server.url + '/svc/api/v1/entries', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.match(response.headers.get('access-control-allow-headers')!, /Authorization/);
  });

  test('writing methods are refused with 405 and Allow', async () => {
    const response = await fetch(server.url + '/svc/api/v1/entries', { method: 'POST', body: '{}' });
    assert.equal(response.status, 405);
    assert.match(response.headers.get('allow')!, /GET/);
  });

  test('an unknown API address is 404 JSON', async () => {
    const { status, body } = await get('/svc/api/v1/nothing');
    assert.equal(status, 404);
    assert.equal(typeof body.message, 'string');
  });

  test('an over-long URL is 414', async () => {
    const { status } = await get('/svc/api/v1/entries?x=' + 'a'.repeat(9000));
    assert.equal(status, 414);
  });

  test('RateLimit headers count down and 429 with Retry-After comes past 120 a minute', async () => {
    const headers = { 'authorization': `Bearer ${tokens.editor}` };
    const first = await get('/svc/api/v1/site', headers);
    assert.equal(first.headers.get('ratelimit-limit'), '120');
    assert.ok(Number(first.headers.get('ratelimit-remaining')) >= 118);
    let last;
    // The bucket refills two a second while the loop runs, so go on until it is empty.
    for (let i = 0; i < 400; i++) {
      last = await get('/svc/api/v1/site', headers);
      if (last.status === 429) break;
      assert.equal(last.status, 200);
    }
    assert.equal(last!.status, 429);
    assert.ok(Number(last!.headers.get('retry-after')) >= 1);
    assert.match(last!.body.message, /^Too many requests/);
    // Another caller still has its own bucket.
    assert.equal((await get('/svc/api/v1/site', auth('admin'))).status, 200);
  });
});
