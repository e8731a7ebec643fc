// The webhook queue's files: the queue rewritten under its lock, the log appended a line at a time and cut back
// to its last LOG_KEPT records once large; a torn last line (a stop mid-append) is skipped; the log a version
// before kept inside the queue's file is still shown; changes from many callers at once lose none; the head is
// read again only when the file changed; the queue is bounded in bytes, saying what it drops; a removed
// endpoint's files are never written again by a delivery that was in flight.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOG_KEPT, WebhookQueue, type DeliveryRecord, type QueuedMessage } from '../../dist/edge/webhook-queue.js';
import { QUEUE_KEPT_BYTES } from '../../dist/edge/webhook-queue-bound.js';
import { WebhookAdmin } from '../../dist/edge/webhook-admin.js';
import { deliverHead } from '../../dist/edge/webhook-delivery.js';
import { startPurgeReceiver } from '../helpers/purge-receiver.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const dirs: string[] = [];
after(() => { for (const dir of dirs) rmSync(dir, { recursive: true, force: true }); });

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-webhook-queue-'));
  dirs.push(dir);
  return dir;
}

const record = (n: number): DeliveryRecord => ({ id: `msg_${n}`, type: 'entry.updated', entry: 'posts/hello', time: new Date(n * 1000).toISOString(), attempt: 1, outcome: 'delivered', code: 204, answer: '', body: '{}' });

test('the log is appended and shown newest first; past twice its length it is cut back to the last records', async () => {
  const dir = dataDir();
  const file = join(dir, 'webhooks/deliveries/ep1.log');
  const lines = () => readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  const queue = new WebhookQueue(new TrustedFolders([dir]), dir);
  for (let n = 1; n <= 2 * LOG_KEPT; n++) await queue.record('ep1', record(n));
  assert.equal(lines(), 2 * LOG_KEPT, 'appended, not rewritten');
  await queue.record('ep1', record(2 * LOG_KEPT + 1));
  assert.equal(lines(), LOG_KEPT, 'cut back');
  // Another process (after the sending lease moved) counts the file once, then keeps in step.
  const other = new WebhookQueue(new TrustedFolders([dir]), dir);
  for (let n = 2 * LOG_KEPT + 2; n <= 3 * LOG_KEPT + 1; n++) await other.record('ep1', record(n));
  assert.equal(lines(), 2 * LOG_KEPT);
  await other.record('ep1', record(3 * LOG_KEPT + 2));
  assert.equal(lines(), LOG_KEPT);
  const log = queue.read('ep1').log;
  assert.equal(log.length, LOG_KEPT);
  assert.equal(log[0]!.id, `msg_${3 * LOG_KEPT + 2}`);
  assert.equal(log.at(-1)!.id, `msg_${2 * LOG_KEPT + 3}`);
});

test('a line cut short by a stop while it was appended is skipped, and the next one is read', async () => {
  const dir = dataDir();
  const queue = new WebhookQueue(new TrustedFolders([dir]), dir);
  await queue.record('ep1', record(1));
  appendFileSync(join(dir, 'webhooks/deliveries/ep1.log'), '{"id":"msg_2","type":"entry.upd');
  await queue.record('ep1', record(3));
  // The torn line and the next one share a line: that one is lost with it, the rest are read.
  assert.deepEqual(queue.read('ep1').log.map((item) => item.id), ['msg_1']);
  await queue.record('ep1', record(4));
  assert.deepEqual(queue.read('ep1').log.map((item) => item.id), ['msg_4', 'msg_1']);
});

test('the log kept inside the queue\'s file by a version before is shown until an attempt is logged', async () => {
  const dir = dataDir();
  mkdirSync(join(dir, 'webhooks/deliveries'), { recursive: true });
  writeFileSync(join(dir, 'webhooks/deliveries/ep1.json'), JSON.stringify({ queue: [], log: [record(2), record(1)] }));
  const queue = new WebhookQueue(new TrustedFolders([dir]), dir);
  assert.deepEqual(queue.read('ep1').log.map((item) => item.id), ['msg_2', 'msg_1']);
  await queue.change('ep1', (waiting) => { waiting.push({ id: 'msg_9', type: 'entry.updated', seq: 9, entry: null, body: '{}', attempt: 0, nextAt: 0 }); });
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'webhooks/deliveries/ep1.json'), 'utf8')).queue.map((item: { id: string }) => item.id), ['msg_9']);
});

test('many changes and records at once lose none', async () => {
  const dir = dataDir();
  const queue = new WebhookQueue(new TrustedFolders([dir]), dir);
  await Promise.all(Array.from({ length: 40 }, (_, n) => n % 2 === 0
    ? queue.change('ep1', (waiting) => { waiting.push({ id: `msg_${n}`, type: 'entry.updated', seq: n, entry: null, body: '{}', attempt: 0, nextAt: 0 }); })
    : queue.record('ep1', record(n))));
  const { queue: waiting, log } = queue.read('ep1');
  assert.equal(waiting.length, 20);
  assert.equal(log.length, 20);
});

const message = (n: number, body = '{}', nextAt = 0): QueuedMessage => ({ id: `msg_${n}_x`, type: 'entry.updated', seq: n, entry: null, body, attempt: 0, nextAt });

test('the head is read again only once the queue\'s file changed: a waiting endpoint costs no parse between attempts', async () => {
  const dir = dataDir();
  const file = join(dir, 'webhooks/deliveries/ep1.json');
  const queue = new WebhookQueue(new TrustedFolders([dir]), dir);
  await queue.change('ep1', (waiting) => { waiting.push(message(1, '{}', Date.now() + 300_000), message(2)); });
  utimesSync(file, 1000, 1000);
  assert.equal(queue.head('ep1')!.id, 'msg_1_x');
  // The same file (inode, size, time) with other bytes: the head known is not read again.
  writeFileSync(file, readFileSync(file, 'utf8').replace('msg_1_x', 'msg_7_x'));
  utimesSync(file, 1000, 1000);
  assert.equal(queue.head('ep1')!.id, 'msg_1_x', 'not parsed again while the file is unchanged');
  // Changed by another process (the panel resuming, sending again): read again.
  const panel = new WebhookQueue(new TrustedFolders([dir]), dir);
  await panel.change('ep1', (waiting) => { waiting.shift(); });
  assert.equal(queue.head('ep1')!.id, 'msg_2_x');
  await queue.change('ep1', (waiting) => { waiting.length = 0; });
  assert.equal(queue.head('ep1'), undefined);
});

test('a queue is bounded in bytes: the oldest messages are dropped, the delivery log says which, the log says it once', async () => {
  const dir = dataDir();
  const logged: string[] = [];
  const queue = new WebhookQueue(new TrustedFolders([dir]), dir, { log: (line) => logged.push(line) });
  const big = JSON.stringify({ html: 'x'.repeat(1024 * 1024) });
  const many = QUEUE_KEPT_BYTES / (1024 * 1024) + 2;
  await queue.change('ep1', (waiting) => { for (let n = 1; n <= many; n++) waiting.push(message(n, big)); });
  await queue.change('ep1', (waiting) => { waiting.push(message(many + 1, big)); });
  const { queue: waiting, log } = queue.read('ep1');
  assert.ok(waiting.reduce((sum, item) => sum + JSON.stringify(item).length + 1, 0) <= QUEUE_KEPT_BYTES);
  assert.equal(waiting.at(-1)!.seq, many + 1, 'the newest are kept');
  assert.ok(waiting[0]!.seq >= 4, `${waiting[0]!.seq - 1} dropped`);
  assert.deepEqual(log.map((record) => [record.outcome, record.body]), [['dropped', ''], ['dropped', '']], 'one record per drop');
  assert.match(log.at(-1)!.answer, /^\d+ waiting messages dropped \(changes 1 to \d+\): a queue keeps at most 10,000 messages and 32 MB\.$/);
  assert.equal(log[0]!.answer, `1 waiting message dropped (changes ${waiting[0]!.seq - 1} to ${waiting[0]!.seq - 1}): a queue keeps at most 10,000 messages and 32 MB.`);
  assert.equal(logged.length, 1, logged.join('\n'));
  assert.match(logged[0]!, /^svc: the webhook queue of endpoint ep1 is full, and its oldest waiting messages are dropped/);
  // Delivered empty, a later drop is said again.
  await queue.change('ep1', (all) => { all.length = 0; });
  await queue.change('ep1', (all) => { for (let n = 100; n <= 100 + many; n++) all.push(message(n, big)); });
  assert.equal(logged.length, 2);
});

test('an endpoint removed while a delivery to it is in flight leaves no file of it, then or after the attempt', async () => {
  const dir = dataDir();
  const receiver = await startPurgeReceiver();
  receiver.answer = 'hang';
  try {
    const admin = new WebhookAdmin(dir, Date.now, true);
    const { endpoint } = admin.create({ url: `${receiver.url}/hook`, events: ['site.changed'], filters: {}, drafts: false });
    await admin.queue.change(endpoint.id, (waiting) => { waiting.push(message(1, '{"secret":"body"}')); });
    const attempt = deliverHead(endpoint, admin.queue.head(endpoint.id)!, { endpoints: admin.endpoints, queue: admin.queue, clock: Date.now, log: () => {}, timeoutMs: 500 });
    await waitFor(() => assert.equal(receiver.requests.length, 1, 'in flight'));
    await admin.remove(endpoint.id);
    assert.equal(await attempt, false);
    assert.deepEqual(readdirSync(join(dir, 'webhooks/deliveries')), [], 'no queue or log of the endpoint');
  } finally {
    await receiver.close();
  }
});
