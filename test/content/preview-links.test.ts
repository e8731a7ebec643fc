// Preview links through the real server: content_preview_link makes one, anyone opens it without signing in;
// the page is marked a preview, never stored or indexed, and shows the pinned text (or the latest); the
// link stops at once when revoked, expired, or its entry or translation is deleted; and it is refused when
// altered by one character, replayed after revocation, or made by another site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { PreviewLinks } from '../../dist/content/write/preview-links.js';
import { deleteEntry, deleteTranslation } from '../../dist/content/write/delete-entry.js';
import type { Actor, WriteContext } from '../../src/content/write/write-context.ts';

let served: ServedSite;
let site: TestSite;
let other: TestSite;
let http: HttpHarness;
let origin: string;

before(async () => {
  site = await makeTestSite();
  other = await makeTestSite();
  ({ http, base: origin } = served = await serveTestSite({ site }));
});
after(async () => {
  await served.close();
  other.cleanup();
});

const call = (token: string, name: string, args?: unknown) => callTool(site, http.url, site.tokens[token]!, name, args);
const contextOf = (of: TestSite): WriteContext => ({ store: of.deps.content, dataDir: of.deps.config.dataDir, clock: () => of.clock.now });
const previewFiles = (of: TestSite) => { try { return readdirSync(join(of.deps.config.dataDir, 'previews')).filter((name) => name.endsWith('.json')); } catch { return []; } };

/** The link's path on the test server (the site's public address is another port). */
const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => pathOf(url).split('/').pop()!;
const open = (path: string) => fetch(origin + path, { redirect: 'manual' });

async function makeLink(token: string, args: Record<string, unknown>): Promise<{ url: string; expires: string; shows: string }> {
  const result = await call(token, 'content_preview_link', args);
  assert.equal(result.isError, undefined, result.content?.[0]?.text);
  return result.structuredContent;
}

function actorOf(of: TestSite, accountId: string): Actor {
  const account = of.deps.auth.accounts.get(accountId)!;
  return { via: 'panel', principal: { accountId, name: account.name, email: account.email, role: account.role, capabilities: of.deps.auth.capabilitiesOf(account), grantedScopes: [], scopes: new Set(), tokenName: '', tokenId: '' } };
}

test('a link to a draft opens without signing in, marked a preview, private, never indexed nor tagged for caches', async () => {
  const made = await makeLink('editor', { id: 'posts/bobs-draft', hours: 2 });
  assert.match(made.url, /^http:\/\/127\.0\.0\.1:8080\/svc\/panel\/preview-link\/[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
  assert.equal(made.expires, '2026-03-10 15:00');
  assert.equal(made.shows, 'pinned');
  const res = await open(pathOf(made.url));
  const html = await res.text();
  assert.equal(res.status, 200);
  assert.match(html, /Secret plans\./);
  assert.match(html, /class="svc-share-bar" role="status"><span><strong>Preview<\/strong>, not the published page/);
  assert.match(html, /shared by Bob Editor/);
  assert.match(html, /<meta name="robots" content="noindex, nofollow">/);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  assert.equal(res.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  for (const header of ['xkey', 'surrogate-key', 'cache-tag', 'etag', 'set-cookie']) assert.equal(res.headers.get(header), null, header);
  // No statistics beacon and no consent banner: a preview is not a visit.
  assert.doesNotMatch(html, /svc\/collect|beacon/);
});

test('a link made over stdio opens on the HTTP server: one site, one key, whichever process signs', async () => {
  // The stdio process runs on the real clock: its token is made on it too.
  const fixed = site.clock.now;
  site.clock.now = Date.now();
  const { token } = site.deps.auth.createToken({ ownerId: 'bob', name: 'stdio test', scopes: ['content:read'], expiresInDays: 30 });
  site.clock.now = fixed;
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const answer = await mcp.request('tools/call', { name: 'content_preview_link', arguments: { id: 'posts/bobs-draft', hours: 168 } });
  await mcp.exit();
  const made = answer.result.structuredContent;
  assert.match(made.url, /^https:\/\/alps\.example\/svc\/panel\/preview-link\//);
  const res = await open(pathOf(made.url));
  assert.equal(res.status, 200);
  assert.match(await res.text(), /Secret plans\./);
});

test('a pinned link keeps the text it was made with; a following link shows each saved change', async () => {
  const pinned = await makeLink('editor', { id: 'posts/bobs-draft' });
  const following = await makeLink('editor', { id: 'posts/bobs-draft', follow_changes: true });
  assert.equal(following.shows, 'latest');
  const changed = await call('admin', 'content_update', { id: 'posts/bobs-draft', title: 'Bob draft, changed', body: 'New plans for everyone.' });
  assert.equal(changed.isError, undefined, changed.content?.[0]?.text);
  const old = await (await open(pathOf(pinned.url))).text();
  assert.match(old, /Secret plans\./);
  assert.match(old, /<h1>Bob draft<\/h1>/);
  assert.doesNotMatch(old, /New plans/);
  const now = await (await open(pathOf(following.url))).text();
  assert.match(now, /New plans for everyone\./);
  assert.match(now, /<h1>Bob draft, changed<\/h1>/);
});

test('a token altered in any one character is refused before anything is read, and says so', async () => {
  const made = await makeLink('editor', { id: 'posts/bobs-draft' });
  const token = tokenOf(made.url);
  const base = pathOf(made.url).slice(0, -token.length);
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '.') continue;
    const altered = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    const res = await open(base + altered);
    const html = await res.text();
    assert.equal(res.status, 404, `position ${i}`);
    assert.match(html, /not one this site made/);
    assert.doesNotMatch(html, /plans/);
    assert.equal(res.headers.get('cache-control'), 'private, no-store');
  }
  for (const junk of ['', 'x', `${token}x`, token.replace('.', ''), `${token}.${token}`, '..%2f..%2fetc', encodeURIComponent('\u0000')]) {
    const res = await open(base + junk);
    assert.ok(res.status === 404 || res.status === 400, `${junk}: ${res.status}`);
    assert.doesNotMatch(await res.text(), /plans/);
  }
  assert.equal((await open(pathOf(made.url))).status, 200);
});

test('a link made by another site is refused here, even with its record copied over', async () => {
  const account = other.deps.auth.accounts.get('bob')!;
  assert.ok(account);
  const entry = other.deps.content.entry('posts/bobs-draft')!;
  const theirs = new PreviewLinks(contextOf(other)).create(actorOf(other, 'bob'), entry, entry.translations.get('en')!, { kind: 'now' }, 24);
  const path = `/svc/panel/preview-link/${theirs.token}`;
  assert.equal((await open(path)).status, 404);
  mkdirSync(join(site.deps.config.dataDir, 'previews'), { recursive: true });
  copyFileSync(join(other.deps.config.dataDir, 'previews', `${theirs.id}.json`), join(site.deps.config.dataDir, 'previews', `${theirs.id}.json`));
  const res = await open(path);
  assert.equal(res.status, 404);
  assert.match(await res.text(), /not one this site made/);
});

test('revoked, the link stops at once, and replaying it later gets the same refusal', async () => {
  const made = await makeLink('editor', { id: 'posts/bobs-draft' });
  assert.equal((await open(pathOf(made.url))).status, 200);
  const links = new PreviewLinks(contextOf(site));
  const { id } = links.open(tokenOf(made.url)) as { id: string };
  assert.equal(links.revoke(actorOf(site, 'bob'), 'posts/bobs-draft', id), true);
  for (let i = 0; i < 2; i++) {
    const res = await open(pathOf(made.url));
    assert.equal(res.status, 410);
    assert.match(await res.text(), /no longer works: it was revoked, it expired, or the entry was deleted/);
  }
  assert.equal(links.revoke(actorOf(site, 'bob'), 'posts/bobs-draft', id), false);
  // Both lines of this link's life, newest first: its id's beginning names it in each.
  const history = readHistory(site.deps.trustedFolders, site.deps.config.dataDir, { entry: 'posts/bobs-draft' }).filter((record) => record.detail?.includes(`link ${id.slice(0, 12)}`));
  assert.deepEqual(history.map((record) => [record.action, record.person, record.via, record.token, record.language]), [
    ['preview_link_revoked', 'bob', 'panel', null, 'en'],
    ['preview_link', 'bob', 'mcp', 'test editor', 'en'],
  ]);
  assert.match(history[1]!.detail!, /^shows the text as it is now, until 2026-03-1\d \d\d:\d\d UTC \(link [0-9a-f]{12}\)$/);
});

test('expired, the link stops; its hours are 1 to 168 and nothing is made for a wrong number', async () => {
  const made = await makeLink('editor', { id: 'posts/bobs-draft', hours: 1 });
  site.clock.now += 3600_000 - 1;
  assert.equal((await open(pathOf(made.url))).status, 200);
  site.clock.now += 1;
  assert.equal((await open(pathOf(made.url))).status, 410);
  const before = previewFiles(site).length;
  for (const hours of [0, 169, 1.5, -1, '24']) {
    const result = await call('editor', 'content_preview_link', { id: 'posts/bobs-draft', hours });
    assert.equal(result.isError, true, String(hours));
    assert.match(result.content[0].text, /hours/);
  }
  assert.equal(previewFiles(site).length, before);
});

test('moving the entry or the translation to the trash ends its links at once', async () => {
  const de = await makeLink('admin', { id: 'posts/hello', language: 'de' });
  const en = await makeLink('admin', { id: 'posts/hello', language: 'en' });
  assert.equal((await open(pathOf(de.url))).status, 200);
  deleteTranslation(contextOf(site), actorOf(site, 'ann'), 'posts/hello', 'de');
  assert.equal((await open(pathOf(de.url))).status, 410);
  assert.equal((await open(pathOf(en.url))).status, 200);
  const draft = await makeLink('admin', { id: 'posts/carls-draft' });
  deleteEntry(contextOf(site), actorOf(site, 'ann'), 'posts/carls-draft');
  assert.equal((await open(pathOf(draft.url))).status, 410);
});

test('a link stops when the person who made it leaves the team', async () => {
  const made = await makeLink('author', { id: 'posts/old-news' });
  assert.equal((await open(pathOf(made.url))).status, 200);
  site.deps.auth.removeAccount('ava');
  assert.equal((await open(pathOf(made.url))).status, 410);
});

test('the entry\'s media come from the link; a draft\'s media stay private at their public address', async () => {
  mkdirSync(join(site.root, 'content/media/posts/bobs-draft'), { recursive: true });
  writeFileSync(join(site.root, 'content/media/posts/bobs-draft/plan.png'), 'not really a png');
  site.writeEntry('content/posts/bobs-draft/en.md', { fields: { title: 'Bob draft', status: 'draft', date: '2026-03-08 10:00', author: 'bob' }, body: 'The plan:\n\n![plan](media/posts/bobs-draft/plan.png)' });
  const made = await makeLink('editor', { id: 'posts/bobs-draft' });
  const html = await (await open(pathOf(made.url))).text();
  const path = pathOf(made.url);
  assert.ok(html.includes(`src="${path}/media/plan.png"`), html);
  assert.doesNotMatch(html, /"\/media\/posts\/bobs-draft\//);
  const file = await open(`${path}/media/plan.png`);
  assert.equal(file.status, 200);
  assert.equal(await file.text(), 'not really a png');
  assert.equal(file.headers.get('cache-control'), 'private, no-store');
  assert.equal((await open('/media/posts/bobs-draft/plan.png')).status, 404);
  // Only this entry's folder, and only with a good link.
  assert.equal((await open(`${path}/media/..%2F..%2Fhello%2Fphoto.png`)).status, 404);
  const altered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
  assert.equal((await open(`${altered}/media/plan.png`)).status, 404);
});

test('the tool needs content:read, shows only what its owner may read, and refuses hostile ids without making anything', async () => {
  const before = previewFiles(site).length;
  const secret = readFileSync(join(site.deps.config.dataDir, 'site-secret'), 'utf8');
  assert.match(secret, /^[0-9a-f]{64}\n$/);
  assert.equal(statSync(join(site.deps.config.dataDir, 'site-secret')).mode & 0o777, 0o600);
  const scope = await call('statsOnly', 'content_preview_link', { id: 'posts/bobs-draft' });
  assert.equal(scope.isError, true);
  assert.match(scope.content[0].text, /content:read/);
  // Carl (contributor) may not see Bob's draft: as good as absent.
  const hidden = await call('contributor', 'content_preview_link', { id: 'posts/bobs-draft' });
  assert.equal(hidden.isError, true);
  assert.match(hidden.content[0].text, /There is no entry with the id "posts\/bobs-draft"/);
  const language = await call('editor', 'content_preview_link', { id: 'posts/hike-day', language: 'de' });
  assert.equal(language.isError, true);
  assert.match(language.content[0].text, /has no de translation you may read/);
  for (const id of ['../data/site-secret', 'posts/../../etc', '/etc/passwd', 'posts/hello\u0000', 'posts\\hello', 'posts/hello/', '', 'a'.repeat(201), 'posts/%2e%2e']) {
    const result = await call('editor', 'content_preview_link', { id });
    assert.equal(result.isError, true, JSON.stringify(id));
    assert.doesNotMatch(result.content[0].text, /[0-9a-f]{64}/);
    assert.ok(!result.content[0].text.includes(secret.trim()));
  }
  assert.equal((await call('editor', 'content_preview_link', { id: 'posts/bobs-draft', extra: 1 })).isError, true);
  assert.equal(previewFiles(site).length, before);
});
