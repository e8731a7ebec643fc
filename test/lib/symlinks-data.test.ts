// No symbolic link below the data folder is followed: a linked token, session, OAuth client, revisions or
// styles folder, lock folder, history file or statistics log is never read or written through; it answers
// as an unknown one does, is warned about once, and nothing outside the site changes. Each attack here
// worked before: the server read records from, or appended to, files outside the data folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { SESSION_COOKIE } from '../../dist/panel/panel-session.js';
import { fileContents } from '../helpers/folder-contents.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

const warnings: string[] = [];

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let outside: string;
let base: string;
let data: string;

before(async () => {
  site = await makeTestSite();
  // The site's link warnings (lib/trusted-folders.ts), which go to the process log otherwise.
  site.deps.trustedFolders.warnTo((line) => warnings.push(line));
  site.deps.stats = createStatsService(site.deps.config, site.deps.content, () => site.clock.now, (day) => createHash('sha256').update(day).digest(), site.deps.trustedFolders);
  ({ http, base } = served = await serveTestSite({ site }));
  data = join(site.root, 'data');
  outside = mkdtempSync(join(tmpdir(), 'svc-outside-'));
});
after(async () => {
  await served.close();
  rmSync(outside, { recursive: true, force: true });
});

function outsideFiles(): Record<string, string> {
  return fileContents(outside);
}

/** Moves a data file or folder outside the site and leaves a link to it in its place. */
function moveOutAndLink(path: string, name: string): string {
  const target = join(outside, name);
  renameSync(path, target);
  symlinkSync(target, path);
  return relative(site.root, path);
}

async function attempt(link: string, attack: () => Promise<void>): Promise<void> {
  const before = outsideFiles();
  const warned = warnings.length;
  await attack();
  assert.deepEqual(outsideFiles(), before, 'nothing outside the site changed');
  assert.deepEqual(warnings.slice(warned), [`svc: skipping ${link}: it is a symbolic link, and links below content/ and the data folder are never followed`]);
}

const unknown = (id: string) => ({
  content: [{ type: 'text', text: `There is no entry with the id "${id}". Call content_list to see the entries' ids.` }],
  isError: true,
});

test('a token file that is a link is an unknown token: 401 over MCP and the API, never listed, never touched', async () => {
  const { token, record } = site.deps.auth.createToken({ ownerId: 'ann', name: 'linked', scopes: ['content:read'], expiresInDays: null });
  const link = moveOutAndLink(join(data, 'tokens', `${record.id}.json`), 'token.json');
  await attempt(link, async () => {
    const mcp = await fetch(http.url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    assert.equal(mcp.status, 401);
    const api = await fetch(`${base}/svc/api/v1/entries`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(api.status, 401);
    assert.ok(!site.deps.auth.listTokens().some((listed) => listed.id === record.id));
  });
});

test('a session file that is a link is no session: the panel sends the person to sign in', async () => {
  const { id, record } = site.deps.auth.sessions.create('ann', 'signed_in');
  const link = moveOutAndLink(join(data, 'sessions', `${record.key}.json`), 'session.json');
  await attempt(link, async () => {
    const response = await fetch(`${base}/svc/panel/`, { headers: { cookie: `${SESSION_COOKIE}=${id}` }, redirect: 'manual' });
    assert.equal(response.status, 303);
    assert.match(response.headers.get('location') ?? '', /^\/svc\/panel\/sign-in/);
  });
});

test('an OAuth client record that is a link is an unknown client at the token endpoint', async () => {
  const registered = await (await fetch(`${base}/svc/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'Linked' }) })).json();
  const link = moveOutAndLink(join(data, 'oauth', 'clients', `${registered.client_id}.json`), 'client.json');
  await attempt(link, async () => {
    const response = await fetch(`${base}/svc/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=authorization_code&client_id=${registered.client_id}&code=abc&code_verifier=${'v'.repeat(43)}&redirect_uri=http://127.0.0.1:9/cb` });
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error, 'invalid_client');
  });
});

test('a revisions folder that is a link takes no revision: the update answers as unknown and changes nothing', async () => {
  const file = join(site.root, 'content', 'posts', 'hello', 'en.md');
  const text = readFileSync(file, 'utf8');
  mkdirSync(join(outside, 'revisions'));
  mkdirSync(join(data, 'revisions', 'posts'), { recursive: true });
  symlinkSync(join(outside, 'revisions'), join(data, 'revisions', 'posts', 'hello'));
  await attempt('data/revisions/posts/hello', async () => {
    assert.deepEqual(await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', title: 'Changed' }), unknown('posts/hello'));
  });
  assert.equal(readFileSync(file, 'utf8'), text);
});

test('a styles folder that is a link keeps no style version: content_style answers as unknown and changes nothing', async () => {
  const file = join(site.root, 'content', 'posts', 'hello', 'style.css');
  const css = readFileSync(file, 'utf8');
  mkdirSync(join(outside, 'styles'));
  mkdirSync(join(data, 'styles', 'posts'), { recursive: true });
  symlinkSync(join(outside, 'styles'), join(data, 'styles', 'posts', 'hello'));
  await attempt('data/styles/posts/hello', async () => {
    assert.deepEqual(await callTool(site, http.url, site.tokens.admin!, 'content_style', { id: 'posts/hello', css: 'main p { color: red; }' }), unknown('posts/hello'));
  });
  assert.equal(readFileSync(file, 'utf8'), css);
});

test('a lock folder that is a link takes no lock file: the change answers as unknown and changes nothing', async () => {
  const file = join(site.root, 'content', 'posts', 'later', 'en.md');
  const text = readFileSync(file, 'utf8');
  mkdirSync(join(data, 'locks'), { recursive: true });
  const link = moveOutAndLink(join(data, 'locks'), 'locks');
  await attempt(link, async () => {
    assert.deepEqual(await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/later', title: 'Changed' }), unknown('posts/later'));
  });
  assert.equal(readFileSync(file, 'utf8'), text);
  rmSync(join(data, 'locks'));
});

test('a history file that is a link is not appended to; the change itself stands', async () => {
  const month = join(data, 'history', '2026-03.ndjson');
  mkdirSync(join(data, 'history'), { recursive: true });
  writeFileSync(join(outside, 'history.ndjson'), 'outside\n');
  rmSync(month, { force: true });
  symlinkSync(join(outside, 'history.ndjson'), month);
  await attempt('data/history/2026-03.ndjson', async () => {
    const answer = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/old-news', title: 'Old news, changed' });
    assert.equal(answer.isError, undefined);
  });
  assert.match(readFileSync(join(site.root, 'content', 'posts', 'old-news', 'en.md'), 'utf8'), /title: Old news, changed/);
});

test('a statistics day log that is a link is never appended to: the beacon answers as unknown', async () => {
  mkdirSync(join(data, 'stats', 'raw'), { recursive: true });
  writeFileSync(join(outside, 'day.ndjson'), 'outside\n');
  symlinkSync(join(outside, 'day.ndjson'), join(data, 'stats', 'raw', '2026-03-10.ndjson'));
  await attempt('data/stats/raw/2026-03-10.ndjson', async () => {
    const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const response = await fetch(`${base}/svc/collect`, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA }, body: JSON.stringify({ t: 'pv', p: '/hello', r: '' }) });
    assert.equal(response.status, 404);
  });
});
