// /svc/api/v1/changes without a token shows what was public when each change was made, and nothing of
// drafts: not a draft's id or address (made, renamed, removed by hand), not that a draft changed (the
// cursor does not move over it), and a page that left public view (unpublished by hand, a translation
// unpublished) says where it was. What an event shows is fixed when it is recorded: a later change to the
// entry does not rewrite it. The real server (dist/server.js, MCP over HTTP) on a real site folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { waitFor } from '../helpers/wait-for.ts';

let site: TestSite;
let server: RealServer;
let token: string;

before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'all', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
  // The server alone follows the site (this process's store would take the finder's lease on its fixed clock).
  site.deps.content.close();
  server = await startRealServer(site.root);
  // It records hand edits once it holds the finder's lease: a first edit recorded says it does.
  const oldNews = join(site.root, 'content/posts/old-news/en.md');
  await waitFor(async () => {
    const start = await now();
    writeFileSync(oldNews, readFileSync(oldNews, 'utf8').replace(/Old\.[^\n]*/, `Old, edited at ${Date.now()}.`));
    return waitFor(async () => assert.ok((await changes(start)).data.some((event) => event.entry === 'posts/old-news')), 3_000);
  }, 30_000);
});
after(async () => {
  await server.stop();
  site.cleanup();
});

const changes = async (since: string, bearer?: string) =>
  (await fetch(`${server.url}/svc/api/v1/changes?since=${since}`, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {})).json() as Promise<{ data: any[]; next: string }>;
const now = async () => (await (await fetch(`${server.url}/svc/api/v1/changes`)).json()).next as string;
const call = (name: string, args: Record<string, unknown>) => callToolAt(server.url, token, name, args);
/** The events after `since` as a token that sees every draft sees them, once there are `count`. */
const recorded = (since: string, count: number) => waitFor(async () => {
  const seen = (await changes(since, token)).data;
  assert.ok(seen.length >= count, `${seen.length} of ${count} events`);
  return seen;
});

test('a draft made, renamed and removed by hand leaves no trace for anyone, and the cursor does not move over it', async () => {
  const start = await now();
  await call('content_create', { type: 'post', title: 'Secret merger plan', body: 'Not yet.' });
  await call('content_update', { id: 'posts/secret-merger-plan', language: 'en', fields: { slug: 'acme-takeover' } });
  renameSync(join(site.root, 'content/posts/bobs-draft'), join(site.root, 'bobs-draft-elsewhere'));
  const all = await recorded(start, 3);
  assert.deepEqual(all.map((event) => event.kind), ['entry.created', 'entry.updated', 'entry.removed']);
  assert.deepEqual(all[1].before, ['/secret-merger-plan'], 'a token that sees every draft sees where it was');
  const anyone = await changes(start);
  assert.deepEqual(anyone.data, []);
  assert.equal(anyone.next, start, 'a cursor that moved would tell that something unseen changed');
});

test('a page that left public view says where it was: unpublished by hand, one translation unpublished', async () => {
  await call('content_publish', { id: 'posts/hello', language: 'de' });
  const start = await now();
  await call('content_unpublish', { id: 'posts/hello', language: 'de' });
  const file = join(site.root, 'content/posts/hike-day/en.md');
  const text = readFileSync(file, 'utf8');
  assert.match(text, /^status: "?published"?$/m);
  writeFileSync(file, text.replace(/^status: "?published"?$/m, 'status: draft'));
  await recorded(start, 2);
  const anyone = await changes(start);
  assert.equal(anyone.data.length, 2);
  const [unpublished, byHand] = anyone.data;
  assert.deepEqual([unpublished.kind, unpublished.languages, unpublished.paths, unpublished.before], ['entry.unpublished', ['de'], ['/hello'], ['/de/hello']]);
  assert.deepEqual([byHand.kind, byHand.entry, byHand.paths, byHand.before], ['entry.changed', 'posts/hike-day', [], ['/hike-day']]);

  // Fixed when recorded: publishing German again later does not rewrite what the unpublish showed.
  await call('content_publish', { id: 'posts/hello', language: 'de' });
  await recorded(start, 3);
  const again = await changes(start);
  assert.deepEqual(again.data[0], unpublished);
  assert.deepEqual(again.data[2].paths, ['/de/hello', '/hello']);
});

test('a change to a draft translation of a public entry is not shown; one to its public translation is', async () => {
  const start = await now();
  await call('content_update', { id: 'posts/old-news', language: 'de', title: 'Alte Neuigkeiten', body: 'Entwurf.' });
  await recorded(start, 1);
  assert.deepEqual((await changes(start)).data, []);
  await call('content_update', { id: 'posts/old-news', language: 'en', fields: { excerpt: 'Old and known.' } });
  await recorded(start, 2);
  const anyone = await changes(start);
  assert.deepEqual(anyone.data.map((event) => [event.kind, event.languages, event.paths]), [['entry.updated', ['en'], ['/old-news']]]);
  assert.equal(anyone.next, String(anyone.data[0].seq));
});
