// Issue 33 point 6: GET /svc/api/v1/changes?since=<cursor> answers the change feed's events that the caller
// may see (anyone: what is public; a token with content:read: drafts too), a next cursor, and resync when
// the cursor is too old or from another feed; never who made a change. The real server on port 0.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import type { NewChange } from '../../src/feed/change-event.ts';

let root: string;
let server: TestServer;
let reader: string;
let statsOnly: string;
let start: number;
const api = (path: string, token?: string) => fetch(`${server.url}/svc/api/v1${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
const change = (kind: NewChange['kind'], entry: string | null, paths: string[] = [], before: string[] = []) =>
  server.deps.content.changes!.feed.append({ kind, entry, languages: ['en'], paths, before, via: 'mcp', person: 'ann', token: 'Claude' })!;

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root, { rateLimits: false });
  server.deps.content.lists();
  const account = await server.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  reader = server.deps.auth.createToken({ ownerId: account.id, name: 'sync', scopes: ['content:read'], expiresInDays: 1 }).token;
  statsOnly = server.deps.auth.createToken({ ownerId: account.id, name: 'stats', scopes: ['stats:read'], expiresInDays: 1 }).token;
  // Whatever the start recorded (a scheduled time that passed) comes before.
  start = Number((await (await api('/changes')).json()).next);
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test('without a cursor: where to start from, and no events', async () => {
  const res = await api('/changes');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'public, no-cache');
  const body = await res.json();
  assert.deepEqual(body, { data: [], next: String(start), resync: false, has_more: false });
});

test('anyone sees the changes of what is public; a content:read token sees drafts too; nobody sees who made them', async () => {
  const updated = change('entry.updated', 'posts/hello', ['/de/hallo-welt', '/hello']);
  const draft = change('entry.created', 'posts/admin-draft', ['/admin-draft']);
  const gone = change('entry.unpublished', 'posts/admin-draft', ['/admin-draft'], []);
  const site = change('site.changed', null);
  // Events as a feed written before they carried their public view (changes-public-view.test.ts has those):
  // what is public now, and nothing of a draft, not even that one left view.
  const open = await (await api(`/changes?since=${start}`)).json();
  assert.deepEqual(open.data.map((event: any) => event.seq), [updated.seq, site.seq]);
  assert.deepEqual(open.data[0], { seq: updated.seq, time: updated.time, kind: 'entry.updated', entry: 'posts/hello', languages: ['en'], paths: ['/de/hallo-welt', '/hello'], before: [] });
  assert.equal(open.next, String(site.seq));
  assert.equal(open.resync, false);
  for (const event of open.data) assert.ok(!('person' in event) && !('token' in event) && !('via' in event));

  const withToken = await (await api(`/changes?since=${start}`, reader)).json();
  assert.deepEqual(withToken.data.map((event: any) => event.seq), [updated.seq, draft.seq, gone.seq, site.seq]);
  assert.deepEqual(withToken.data[1].paths, ['/admin-draft']);
  const noReadScope = await (await api(`/changes?since=${start}`, statsOnly)).json();
  assert.equal(noReadScope.data.length, 2, 'a token without content:read sees what anyone sees');

  // Paged: `limit`, `has_more`, and the next cursor goes on where the page ended.
  const first = await (await api(`/changes?since=${start}&limit=2`, reader)).json();
  assert.equal(first.data.length, 2);
  assert.equal(first.has_more, true);
  const rest = await (await api(`/changes?since=${first.next}&limit=2`, reader)).json();
  assert.deepEqual(rest.data.map((event: any) => event.seq), [gone.seq, site.seq]);
  const none = await (await api(`/changes?since=${rest.next}`, reader)).json();
  assert.deepEqual(none, { data: [], next: rest.next, resync: false, has_more: false });
});

test('a change of an entry\'s media says how, to anyone who sees it; other changes carry no such field', async () => {
  const from = Number((await (await api('/changes', reader)).json()).next);
  const removed = server.deps.content.changes!.feed.append({
    kind: 'entry.media', entry: 'posts/hello', languages: [], paths: ['/de/hallo-welt', '/hello'], before: [], via: 'panel', person: 'ann', token: null, media: 'removed',
    public: { languages: [], paths: ['/de/hallo-welt', '/hello'], before: [] },
  })!;
  const updated = change('entry.updated', 'posts/hello', ['/de/hallo-welt', '/hello']);
  for (const token of [undefined, reader]) {
    const { data } = await (await api(`/changes?since=${from}`, token)).json();
    assert.deepEqual(data[0], { seq: removed.seq, time: removed.time, kind: 'entry.media', entry: 'posts/hello', languages: [], paths: ['/de/hallo-welt', '/hello'], before: [], media: 'removed' });
    assert.equal(data[1].seq, updated.seq);
    assert.ok(!('media' in data[1]));
  }
});

test('a cursor past what this feed holds (another site\'s, a feed begun anew) says resync with a cursor to go on from', async () => {
  const body = await (await api('/changes?since=999999')).json();
  assert.equal(body.resync, true);
  assert.deepEqual(body.data, []);
  assert.ok(Number(body.next) < 999999);
});

test('any cursor the feed can hand out is taken back, up to a seq of 16 digits; past a safe integer it is refused', async () => {
  const body = await (await api('/changes?since=1000000000000000')).json();
  assert.equal(body.resync, true);
  assert.deepEqual(body.data, []);
  const again = await api(`/changes?since=${body.next}`);
  assert.equal(again.status, 200);
  assert.equal((await api('/changes?since=9007199254740991')).status, 200);
  for (const bad of ['9007199254740992', '10000000000000000']) {
    const res = await api(`/changes?since=${bad}`);
    assert.equal(res.status, 422, bad);
    assert.match((await res.json()).message, /since must be the cursor/);
  }
});

test('bad input is refused with a sentence; a closed site shows its changes only to content:read', async () => {
  for (const bad of ['-1', 'abc', '1.5', '1e3', '']) {
    const res = await api(`/changes?since=${encodeURIComponent(bad)}`);
    assert.equal(res.status, 422, bad);
    assert.match((await res.json()).message, /since must be the cursor/);
  }
  assert.equal((await api('/changes?since=0&since=1')).status, 422);
  assert.equal((await api('/changes?since=0&limit=1001')).status, 422);
  assert.equal((await api('/changes?since=0', 'not-a-token')).status, 401);
  const closedRoot = createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') });
  const closed = await startTestServer(closedRoot);
  try {
    const res = await fetch(`${closed.url}/svc/api/v1/changes?since=0`);
    assert.equal(res.status, 401);
  } finally {
    await closed.close();
    rmSync(closedRoot, { recursive: true, force: true });
  }
});
