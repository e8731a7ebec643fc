// A public `/entries` page no answer cache holds is written into a buffer lent for that answer alone and given
// back once it is written out (src/api/list-answer.ts, process-tuning/scratch-buffers.ts). Answers waiting their turn
// on a connection must keep their own bytes until then, and a kept answer must own a copy of them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { entry, entryText } from '../helpers/write-site.js';
import { ScratchBuffers } from '../../src/process-tuning/scratch-buffers.js';

let root: string;
let server: TestServer;

before(async () => {
  const posts: Record<string, string> = {};
  for (let n = 10; n < 70; n++) {
    posts[`content/posts/many-${n}/en.md`] = entryText(entry({ title: `Post number ${n}`, status: 'published', date: `2025-06-${String(n % 28 + 1).padStart(2, '0')} ${String(n % 24).padStart(2, '0')}:00`, author: 'admin', excerpt: `Excerpt ${'x'.repeat(n)}` }, 'Text.'));
  }
  root = createFixtureSite(posts);
  server = await startTestServer(root, { rateLimits: false });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** Sends every request on one connection at once (pipelined) and reads the answers: status, ETag and body each. */
function pipelined(paths: string[]): Promise<Array<{ status: number; etag: string; body: string }>> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let pending = Buffer.alloc(0);
    const answers: Array<{ status: number; etag: string; body: string }> = [];
    socket.on('connect', () => socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join('')));
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.toString('latin1', 0, end);
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)![1]);
        if (pending.length < end + 4 + length) return;
        answers.push({ status: Number(head.slice(9, 12)), etag: /\r\netag: (\S+)/i.exec(head)![1]!, body: pending.toString('utf8', end + 4, end + 4 + length) });
        pending = pending.subarray(end + 4 + length);
        if (answers.length === paths.length) { socket.end(); resolve(answers); }
      }
    });
    socket.on('error', reject);
  });
}

test('list pages asked all at once on one connection each keep their own bytes until they are written out', async () => {
  const paths: string[] = [];
  for (let limit = 2; limit <= 6; limit++) for (let page = 1; page <= 8; page++) paths.push(`/svc/api/v1/entries?limit=${limit}&page=${page}`);
  const answers = await pipelined(paths);
  // Each asked again on its own: the second ask of an address is kept whole, from a copy of the lent bytes.
  for (const [at, path] of paths.entries()) {
    const response = await fetch(server.url + path);
    const body = await response.text();
    assert.equal(answers[at]!.status, 200, path);
    assert.equal(answers[at]!.body, body, path);
    assert.equal(answers[at]!.etag, response.headers.get('etag'), path);
    const { data, meta } = JSON.parse(body) as { data: Array<{ title: string }>; meta: { page: number } };
    assert.equal(meta.page, Number(new URL(path, server.url).searchParams.get('page')));
    assert.ok(data.length > 0, path);
  }
  // Asked a third time, from the kept answer: still the same bytes, though lent buffers were written since.
  await pipelined(paths.map((path) => path.replace('limit=', 'limit=1')));
  for (const [at, path] of paths.entries()) assert.equal(await (await fetch(server.url + path)).text(), answers[at]!.body, path);
});

test('a lent buffer is lent again only once given back, an answer longer than it gets its own, and a few are kept', () => {
  const buffers = new ScratchBuffers(1024, 2);
  const first = buffers.take(100);
  const second = buffers.take(100);
  assert.equal(first.lent, true);
  assert.notEqual(first.buffer, second.buffer);
  const long = buffers.take(2000);
  assert.equal(long.lent, false);
  assert.ok(long.buffer.length >= 2000);
  buffers.give(first.buffer);
  assert.equal(buffers.take(10).buffer, first.buffer);
  const third = buffers.take(10);
  buffers.give(second.buffer);
  buffers.give(third.buffer);
  buffers.give(first.buffer);
  // At most two kept: the first given back is lent next, the one over the bound was left to the collector.
  const again = [buffers.take(1).buffer, buffers.take(1).buffer, buffers.take(1).buffer];
  assert.deepEqual(again.slice(0, 2), [third.buffer, second.buffer]);
  assert.ok(again[2] !== first.buffer && again[2] !== second.buffer && again[2] !== third.buffer);
});
