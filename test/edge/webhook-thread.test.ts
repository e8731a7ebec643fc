// Issue 33's budget "delivery never adds to a write's latency": webhooks are delivered by a thread of their own
// (wiring/webhook-thread.ts), started while the site has endpoints. A thread that fails is logged and started
// again from its cursor, losing no change; the server's stop ends it, gives the sending lease back and leaves
// nothing running. (How fast a write is with ten endpoints is the bench's: test/bench/edge.bench.ts.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startPurgeReceiver, type PurgeReceiver } from '../helpers/purge-receiver.ts';
import { startRealServer } from '../helpers/special-files.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { WebhookAdmin } from '../../dist/edge/webhook-admin.js';
import { startWebhooks } from '../../dist/wiring/start-webhooks.js';
import type { WebhookThread } from '../../src/wiring/webhook-thread.ts';
import type { NewChange } from '../../src/feed/change-event.ts';
import { feedIn } from '../helpers/site-feed.ts';

let root: string;
let server: TestServer;
let receiver: PurgeReceiver;
let webhooks: WebhookThread;
const logged: string[] = [];

const change = (kind: NewChange['kind'], entry: string) =>
  server.deps.content.changes!.feed.append({ kind, entry, languages: ['en'], paths: [], before: [], via: 'panel', person: 'ann', token: null })!;
const delivered = () => receiver.requests.map((request) => JSON.parse(request.body) as { type: string; data: { seq: number; entry: { title: string } | null } });

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  server.deps.content.lists();
  server.deps.webhooks = new WebhookAdmin(join(root, 'data'), Date.now, true);
  receiver = await startPurgeReceiver();
  receiver.answer = { status: 204, body: '' };
  webhooks = startWebhooks({ ...server.deps, log: (line) => logged.push(line) }, { pollMs: 50, retryDelaysMs: [150, 150, 150], timeoutMs: 1500 })!;
});
after(async () => {
  await webhooks.stop();
  await server.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

test('no thread while the site has no endpoint; one delivers, rendering the entry there, once an endpoint is added', async () => {
  await new Promise((resolve) => setTimeout(resolve, 700));
  assert.equal(webhooks.thread, null, 'a site without webhooks keeps no thread');
  server.deps.webhooks.create({ url: `${receiver.url}/hook`, events: ['entry.updated'], filters: {}, drafts: true });
  // Changed at once, before the thread has started and read the feed: the first endpoint hears of it all the
  // same (the thread's first look at the feed once began after the changes already there, on a loaded machine
  // the ones made right after the endpoint was added).
  const event = change('entry.updated', 'posts/hello');
  await waitFor(() => assert.ok(webhooks.isSending && webhooks.thread !== null, 'the thread took up sending'));
  await waitFor(() => assert.ok(delivered().some((message) => message.data.seq === event.seq)));
  const message = delivered().find((item) => item.data.seq === event.seq)!;
  assert.equal(message.data.entry?.title, 'Hello World', 'the entry as the Content API shows it, its body read and rendered in the thread');
});

test('a thread that fails is logged and started again from its cursor: the changes made meanwhile are all delivered, in order', async () => {
  const failing = webhooks.thread!;
  const ended = new Promise((resolve) => failing.once('exit', resolve));
  // A message the thread does not know is a bug it fails on, as it would on any uncaught error.
  failing.postMessage({ kind: 'no such message' });
  await ended;
  const meanwhile = [change('entry.updated', 'posts/hello'), change('entry.updated', 'posts/second'), change('entry.updated', 'posts/hello')];
  await waitFor(() => assert.ok(logged.some((line) => /webhook delivery failed in its thread \(.*no such message.*\); it starts again from where it stopped/.test(line)), logged.join('\n')));
  await waitFor(() => assert.ok(webhooks.thread !== null && webhooks.thread !== failing, 'started again'));
  const seqs = meanwhile.map((event) => event.seq);
  // At least once: a message the failed thread had on the wire may come twice; each comes, and in feed order.
  await waitFor(() => assert.deepEqual([...new Set(delivered().map((message) => message.data.seq).filter((seq) => seqs.includes(seq)))], seqs));
});

test('the stop waits for the thread to end, gives the lease back and saves its cursor; without endpoints the thread ends too', async () => {
  const last = change('entry.updated', 'posts/second');
  await waitFor(() => assert.ok(delivered().some((message) => message.data.seq === last.seq)));
  const thread = webhooks.thread!;
  let exited = false;
  thread.once('exit', () => { exited = true; });
  const lease = join(root, 'data', 'feed', 'webhooks.json');
  assert.ok(existsSync(lease), 'the lease is held while it sends');
  await webhooks.stop();
  assert.equal(exited, true, 'the thread ended before the stop resolved');
  assert.equal(webhooks.thread, null);
  assert.equal(webhooks.isSending, false);
  assert.ok(!existsSync(lease), 'the lease is given back: another instance sends at once');
  const cursor = JSON.parse(readFileSync(join(root, 'data', 'feed', 'cursors', 'webhooks.json'), 'utf8')) as { seq: number };
  assert.ok(cursor.seq >= last.seq, 'the cursor is saved');

  // Started again, the last endpoint removed: its thread ends by itself.
  webhooks = startWebhooks({ ...server.deps, log: (line) => logged.push(line) }, { pollMs: 50 })!;
  await waitFor(() => assert.ok(webhooks.isSending));
  for (const endpoint of server.deps.webhooks.list()) server.deps.webhooks.remove(endpoint.id);
  await waitFor(() => assert.equal(webhooks.thread, null));
});

test('the built server runs the thread too, and stops on SIGTERM with it, at once and cleanly', async () => {
  const site = createFixtureSite();
  try {
    const dataDir = join(site, 'data');
    // A public name that resolves nowhere: an attempt is made and logged, in the thread of dist/server.js.
    const { endpoint } = new WebhookAdmin(dataDir, Date.now).create({ url: 'https://hooks.example.invalid/svc', events: ['entry.updated'], filters: {}, drafts: true });
    const real = await startRealServer(site);
    const feed = feedIn(dataDir);
    const log = join(dataDir, 'webhooks', 'deliveries', `${endpoint.id}.log`);
    // The thread begins at the feed's end when it first starts: a change a second until one is attempted.
    let appended = 0;
    await waitFor(() => {
      if (Date.now() - appended > 1000) {
        appended = Date.now();
        feed.append({ kind: 'entry.updated', entry: 'posts/hello', languages: ['en'], paths: [], before: [], via: 'panel', person: 'ann', token: null });
      }
      assert.match(readFileSync(log, 'utf8'), /"outcome":"failed".*could not be reached/);
    }, 20_000);
    const started = Date.now();
    assert.equal(await real.stop(), 0);
    assert.ok(Date.now() - started < 10_000, 'no wait for the delivery in flight');
    assert.doesNotMatch(real.stderr(), /Error|failed in its thread/);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});
