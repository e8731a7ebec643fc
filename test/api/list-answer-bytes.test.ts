// A public `/entries` page no answer cache holds is written as bytes straight from the kept rows
// (src/api/answers/list-answer.ts): answers pipelined on one connection each come back whole and as the
// same bytes and ETag when asked again, from the kept answer too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { rmSync } from 'node:fs';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { entry, entryText } from '../helpers/write-site.ts';

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

test('list pages asked all at once on one connection each come back whole, as asked again alone', async () => {
  const paths: string[] = [];
  for (let limit = 2; limit <= 6; limit++) for (let page = 1; page <= 8; page++) paths.push(`/svc/api/v1/entries?limit=${limit}&page=${page}`);
  const answers = await pipelined(paths);
  // Each asked again on its own: the second ask of an address is kept.
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
  // Asked a third time, from the kept answer: still the same bytes, though other answers were written since.
  await pipelined(paths.map((path) => path.replace('limit=', 'limit=1')));
  for (const [at, path] of paths.entries()) assert.equal(await (await fetch(server.url + path)).text(), answers[at]!.body, path);
});
