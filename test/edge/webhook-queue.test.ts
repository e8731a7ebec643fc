// The webhook queue's files: the queue rewritten under its lock, the log appended a line at a time and cut back
// to its last LOG_KEPT records once large; a torn last line (a stop mid-append) is skipped; the log a version
// before kept inside the queue's file is still shown; changes from many callers at once lose none.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOG_KEPT, WebhookQueue, type DeliveryRecord } from '../../dist/edge/webhook-queue.js';
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
