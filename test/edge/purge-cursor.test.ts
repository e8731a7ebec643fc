// Issue 32 ("a reader whose cursor is gone ... none loses an event") for the cache purger, as a tester found
// it: a cursor that cannot be saved ended the server (an unhandled rejection), and one removed or damaged made
// the purger jump to the feed's end, leaving the changes in between stale in the cache without a word. Now the
// place is kept in memory, a refused save is said once and tried again with a backoff, and a lost cursor goes
// on from what the purge status says, or purges everything once, saying so; only a true first start begins at
// the end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { startPurgeReceiver, type PurgeReceiver } from '../helpers/purge-receiver.ts';
import { callToolAt } from '../helpers/mcp-http.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { readEdgeSettings } from '../../dist/edge/edge-settings.js';
import { startCachePurger } from '../../dist/wiring/start-cache-purger.js';
import type { CachePurger } from '../../src/edge/cache-purger.ts';
import type { NewChange } from '../../src/feed/change-event.ts';

let root: string;
let server: TestServer;
let receiver: PurgeReceiver;
let purger: CachePurger | null = null;
const logged: string[] = [];

const cursorFile = () => join(root, 'data', 'feed', 'cursors', 'purge-url-1.json');
const statusFile = () => join(root, 'data', 'feed', 'purge-status.json');
const cursorSeq = () => JSON.parse(readFileSync(cursorFile(), 'utf8')).seq as number;
const start = (targets = `url=${receiver.url}/purge`) => {
  purger = startCachePurger({ ...server.deps, log: (line) => logged.push(line) }, readEdgeSettings({ SVC_PURGE: targets }), 50);
  return purger!;
};
const change = (kind: NewChange['kind'], entry: string | null, paths: string[] = []) =>
  server.deps.content.changes!.feed.append({ kind, entry, languages: [], paths, before: [], via: 'mcp', person: 'ann', token: 'Claude' })!;
/** The tags of every purge the receiver was sent at `path`. */
const purged = (path = '/purge') => receiver.requests.filter((request) => request.path === path).map((request) => JSON.parse(request.body).tags as string[]);
const urlLine = () => (JSON.parse(readFileSync(statusFile(), 'utf8')) as any[]).find((item) => item.name === 'url-1');

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  server.deps.content.lists();
  // The fixture's post scheduled in the past is recorded as due a moment after the start: that first.
  await waitFor(() => assert.ok(server.deps.content.changes!.feed.since(0).events.some((event) => event.kind === 'entry.due')));
  receiver = await startPurgeReceiver();
});
after(async () => {
  purger?.stop();
  await server.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

test('a true first start begins at the feed\'s end without a word, and says in the status that it ran', async () => {
  change('entry.updated', 'posts/hello', ['/hello']);
  start();
  await waitFor(() => assert.ok(existsSync(cursorFile()) && existsSync(statusFile()), 'the cursor is saved at once, and the status'));
  assert.equal(cursorSeq(), server.deps.content.changes!.feed.end().seq);
  assert.deepEqual(urlLine(), { name: 'url-1', kind: 'url', where: `${receiver.url}/purge`, seq: cursorSeq(), lastPurgeAt: null, lastError: null, failingSince: null, pending: 0 }, 'the status names the place too, so a cursor lost later is known to be lost');
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.deepEqual(purged(), [], 'what changed before the cache was configured is not purged');
  assert.deepEqual(logged.filter((line) => /cursor/.test(line)), []);
});

test('a cursor removed while its target is down: the purges wait in memory and all go out once it is back', async () => {
  receiver.answer = { status: 503, body: 'down' };
  const created = change('entry.created', 'posts/second', ['/second']);
  const published = change('entry.published', 'posts/second', ['/second']);
  await waitFor(() => assert.equal(urlLine().pending, 2, 'two changes wait'));
  rmSync(cursorFile());
  receiver.requests.length = 0;
  receiver.answer = { status: 200, body: '{}' };
  await waitFor(() => assert.ok(cursorSeq() >= published.seq, 'the cursor is written again, past both'), 15_000);
  assert.ok(purged().some((tags) => tags.includes('e:posts/second')), `both changes (${created.seq}, ${published.seq}) purged: ${JSON.stringify(purged())}`);
  assert.ok(logged.some((line) => line === `svc: the cursor of cache purges to url-1 (feed/cursors/purge-url-1.json) is missing; it is written again from memory (after change ${created.seq - 1}).`), logged.join('\n'));
});

test('a restart with a damaged cursor goes on after the last change the purge status says was purged', async () => {
  purger!.stop();
  const lastPurged = urlLine().seq as number;
  receiver.requests.length = 0;
  const missed = change('entry.updated', 'recipes/soup', ['/recipes/soup']);
  writeFileSync(cursorFile(), '{"seq":14');
  start();
  await waitFor(() => assert.ok(purged().some((tags) => tags.includes('e:recipes/soup')), 'the change made while no purger ran is purged'));
  await waitFor(() => assert.equal(cursorSeq(), missed.seq));
  assert.ok(logged.includes(`svc: the cursor of cache purges to url-1 (feed/cursors/purge-url-1.json) is damaged; they go on after change ${lastPurged}, the last the purge status says was purged.`), logged.join('\n'));
});

test('with the cursor and the status both lost, a restart purges everything once with the site-wide tag and says so', async () => {
  purger!.stop();
  receiver.requests.length = 0;
  const missed = change('entry.updated', 'posts/hello', ['/hello']);
  rmSync(cursorFile());
  writeFileSync(statusFile(), '[{"name":');
  logged.length = 0;
  start();
  await waitFor(() => assert.deepEqual(purged(), [['svc']]));
  await waitFor(() => assert.equal(cursorSeq(), missed.seq));
  assert.deepEqual(logged, [`svc: the cursor of cache purges to url-1 (feed/cursors/purge-url-1.json) is missing and the purge status does not say how far they got; everything is purged once (the site-wide tag), and they go on after change ${missed.seq}.`]);
  // Once: the next change is purged as usual.
  change('entry.updated', 'posts/hello', ['/hello']);
  await waitFor(() => assert.equal(purged().length, 2));
  assert.ok(purged()[1]!.includes('e:posts/hello') && !purged()[1]!.includes('svc'));
});

// The server as the tester ran it: `svc serve` with a purge target, its cursors' folder made unwritable, a
// create and a publish over MCP. The folder is replaced by a file (the tests run as root, whom permissions
// do not stop; chattr needs a file system that has it).
let site: TestSite;
let real: RealServer;
after(async () => {
  await real?.stop();
  site?.cleanup();
});

test('the server stays up when the purges\' cursor cannot be saved, says so once, and saves it once it can, nothing lost or sent twice', async () => {
  site = await makeTestSite();
  const { token } = site.deps.auth.createToken({ ownerId: 'ann', name: 'purges', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null });
  receiver.requests.length = 0;
  receiver.answer = { status: 200, body: '{}' };
  // A key in the address, as some purge services take one: never in the log.
  real = await startRealServer(site.root, { SVC_PURGE: `url=${receiver.url}/real?key=purge-secret-789` });
  const cursors = join(site.root, 'data', 'feed', 'cursors');
  const cursor = join(cursors, 'purge-url-1.json');
  await waitFor(() => assert.ok(existsSync(cursor), 'the purger started'));
  renameSync(cursors, `${cursors}.kept`);
  writeFileSync(cursors, 'not a folder');

  const created = await callToolAt(real.url, token, 'content_create', { type: 'post', title: 'Kept in memory', body: 'Purged all the same.' });
  assert.ok(!created.isError, JSON.stringify(created));
  const id = created.structuredContent.id as string;
  const published = await callToolAt(real.url, token, 'content_publish', { id });
  assert.ok(!published.isError, JSON.stringify(published));
  // Purges go on from memory meanwhile.
  await waitFor(() => assert.ok(purged('/real?key=purge-secret-789').flat().includes(`e:${id}`), 'purged'));
  // A few backoffs pass: still up, and the problem said once.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  assert.equal(real.child.exitCode, null, `the server is up: ${real.stderr()}`);
  assert.equal((await fetch(`${real.url}/`)).status, 200);
  const refusals = real.stderr().split('\n').filter((line) => line.includes('could not save their place'));
  assert.equal(refusals.length, 1, real.stderr());
  assert.match(refusals[0]!, /^svc: cache purges to url-1 could not save their place in the change feed \(.+\); they go on from memory and try again later\.$/);
  assert.ok(!real.stderr().includes('purge-secret-789'), 'no key in the log');
  assert.ok(!/unhandled|SaveFailedError/i.test(real.stderr()), real.stderr());

  const sent = receiver.requests.length;
  rmSync(cursors);
  renameSync(`${cursors}.kept`, cursors);
  const end = JSON.parse(readFileSync(join(site.root, 'data', 'feed', 'purge-status.json'), 'utf8'))[0].seq as number;
  await waitFor(() => assert.ok(JSON.parse(readFileSync(cursor, 'utf8')).seq >= end, 'the place is saved once the folder takes it'), 70_000);
  await waitFor(() => assert.match(real.stderr(), /svc: cache purges to url-1 save their place in the change feed again \(after change \d+\)\./));
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(receiver.requests.slice(sent).every((request) => !request.body.includes(`e:${id}`)), 'nothing purged again for the save');
  mkdirSync(join(site.root, 'data', 'feed', 'cursors'), { recursive: true });
});
