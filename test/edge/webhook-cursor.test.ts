// Issue 32 ("a reader whose cursor is gone ... none loses an event") for the webhooks: a cursor removed or
// damaged made the thread read the whole feed again and queue every change since each endpoint was added a
// second time, under new webhook-ids no receiver could drop. Now a running thread goes by its place in memory,
// and a thread started without a cursor goes on after the latest change queued or sent to an endpoint (as
// Standard Webhooks / Stripe-like senders: at least once, never a silent skip, the same webhook-id for a
// message made again), saying so in the log.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startPurgeReceiver, type PurgeReceiver } from '../helpers/purge-receiver.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { WebhookAdmin } from '../../dist/edge/webhook-admin.js';
import { startWebhooks } from '../../dist/wiring/start-webhooks.js';
import type { WebhookThread } from '../../src/wiring/webhook-thread.ts';

let root: string;
let server: TestServer;
let receiver: PurgeReceiver;
let thread: WebhookThread;
const logged: string[] = [];

const cursorFile = () => join(root, 'data', 'feed', 'cursors', 'webhooks.json');
const startThread = (retryDelaysMs = [150, 150, 150]) => { thread = startWebhooks({ ...server.deps, log: (line) => logged.push(line) }, { pollMs: 50, retryDelaysMs, timeoutMs: 1500 })!; };
const siteChanged = () => server.deps.content.changes!.feed.append({ kind: 'site.changed', entry: null, languages: [], paths: [], before: [], via: 'panel', person: 'ann', token: null })!;
/** The seq of each message the receiver was sent, in order, with its webhook-id. */
const delivered = () => receiver.requests.map((request) => ({ seq: JSON.parse(request.body).data.seq as number, id: String(request.headers['webhook-id']) }));
const timesSent = (seq: number) => delivered().filter((message) => message.seq === seq).length;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_200));

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  server.deps.content.lists();
  server.deps.webhooks = new WebhookAdmin(join(root, 'data'), Date.now, true);
  receiver = await startPurgeReceiver();
  server.deps.webhooks.create({ url: `${receiver.url}/hook`, events: ['site.changed'], filters: {}, drafts: false });
  startThread();
  await waitFor(() => assert.ok(thread.isSending, 'this process delivers'));
});
after(async () => {
  await thread.stop();
  await server.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

test('a webhook cursor removed under the running thread changes nothing: the next change goes out once, the earlier ones not again', async () => {
  const first = siteChanged();
  await waitFor(() => assert.equal(timesSent(first.seq), 1));
  await waitFor(() => assert.equal(JSON.parse(readFileSync(cursorFile(), 'utf8')).seq, first.seq));
  rmSync(cursorFile());
  const second = siteChanged();
  await waitFor(() => assert.equal(timesSent(second.seq), 1));
  await settle();
  assert.equal(timesSent(first.seq), 1, `sent once: ${JSON.stringify(delivered())}`);
  assert.equal(timesSent(second.seq), 1);
  await waitFor(() => assert.equal(JSON.parse(readFileSync(cursorFile(), 'utf8')).seq, second.seq, 'written again'));
  assert.ok(logged.includes(`svc: the cursor of webhooks (feed/cursors/webhooks.json) is missing; it is written again from memory (after change ${first.seq}).`), logged.join('\n'));
});

test('a thread started with a damaged cursor goes on after the latest change sent to an endpoint, and says so', async () => {
  await thread.stop();
  const sentBefore = delivered();
  const last = Math.max(...sentBefore.map((message) => message.seq));
  const missed = siteChanged();
  writeFileSync(cursorFile(), '{"seq":14');
  startThread();
  await waitFor(() => assert.equal(timesSent(missed.seq), 1, 'the change made while no thread ran is sent'));
  await settle();
  assert.deepEqual(delivered().slice(0, sentBefore.length), sentBefore);
  assert.deepEqual(delivered().slice(sentBefore.length).map((message) => message.seq), [missed.seq], 'nothing sent before is sent again');
  assert.ok(logged.includes(`svc: the cursor of webhooks (feed/cursors/webhooks.json) is damaged; they go on after change ${last}, the latest queued or sent to an endpoint.`), logged.join('\n'));
});

test('a change taken again while its message waits is not queued twice, and its message keeps its webhook-id', async () => {
  await thread.stop();
  const { id: endpoint } = server.deps.webhooks.list()[0]!;
  receiver.answer = { status: 503, body: 'busy' };
  startThread([60_000]);
  const waiting = siteChanged();
  await waitFor(() => assert.equal(timesSent(waiting.seq), 1, 'tried once, waits for its retry'));
  await thread.stop();
  // The cursor goes back one change, as after a stop between the queue and the cursor.
  writeFileSync(cursorFile(), JSON.stringify({ seq: waiting.seq - 1 }) + '\n');
  startThread([60_000]);
  await waitFor(() => assert.equal(JSON.parse(readFileSync(cursorFile(), 'utf8')).seq, waiting.seq, 'taken again'));
  await settle();
  const queued = server.deps.webhooks.deliveries(endpoint).queue;
  assert.deepEqual(queued.map((message: { seq: number }) => message.seq), [waiting.seq], 'queued once');
  await thread.stop();
  receiver.answer = { status: 200, body: '{}' };
  await server.deps.webhooks.resume(endpoint);
  startThread();
  await waitFor(() => assert.deepEqual(server.deps.webhooks.deliveries(endpoint).queue, []));
  const attempts = delivered().filter((message) => message.seq === waiting.seq);
  assert.ok(attempts.length >= 2, "tried, then delivered (a try cut off by a stop goes again)");
  assert.equal(new Set(attempts.map((message) => message.id)).size, 1, 'one webhook-id for every attempt');
});
