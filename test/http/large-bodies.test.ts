// A body far over its route's limit, sent chunked (no length to judge up front) or with Content-Length, to
// every route that reads a body, through the real server: the client reads a 413 in the route's own error
// shape (a connection reset is no answer), the connection is closed after it, and the server does not hold
// the body (its resident memory grows by nothing like the 100 MB sent at each route).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

const BODY_BYTES = 100 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let served: ServedSite;
let site: TestSite;
let origin: string;
let jar: Jar;

before(async () => {
  ({ site, base: origin } = served = await serveTestSite());
  jar = await served.signIn('ann@example.org');
});
after(() => served.close());

interface Answer { status: number; headers: IncomingHttpHeaders; text: string }

/**
 * Posts `BODY_BYTES`, made a chunk at a time as the socket takes them (never held whole), and stops sending
 * once the answer has come. Rejects when the connection fails before an answer.
 */
function postHuge(path: string, headers: Record<string, string>, framing: 'chunked' | 'sized'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sized = framing === 'sized' ? { 'content-length': String(BODY_BYTES) } : {};
    const req = request(`${origin}${path}`, { method: 'POST', headers: { ...headers, ...sized } });
    let sent = 0;
    let answered = false;
    const pump = () => {
      while (!answered && sent < BODY_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece: string) => (text += piece));
      res.on('end', () => {
        resolve({ status: res.statusCode!, headers: res.headers, text });
        req.destroy();
      });
    });
    req.on('error', (error) => {
      if (!answered) reject(new Error(`${path} (${framing}): no answer, the connection failed after ${sent} bytes sent: ${error.message}`));
    });
    pump();
  });
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Every route that reads a body, with what a client sends there and the refusal it must read. */
const ROUTES: Array<{ path: string; headers: () => Record<string, string>; check: (answer: Answer) => void }> = [
  ...['/svc/collect', '/svc/consent'].map((path) => ({ path, headers: () => ({ 'content-type': 'text/plain' }), check: jsonMessage })),
  ...['/svc/panel/sign-in', '/svc/panel/sign-in/code', '/svc/panel/sign-out'].map((path) => ({ path, headers: () => FORM, check: panelPage })),
  // Forms read before the session is looked at (requirePanelPost), the consent form among them.
  ...['/svc/oauth/authorize', '/svc/panel/account/password', '/svc/panel/assistants', '/svc/panel/approvals/mode', '/svc/panel/revisions/restore', '/svc/panel/entries/new'].map((path) => ({ path, headers: () => FORM, check: panelPage })),
  // Forms of the entry page and the upload, read only for someone signed in.
  ...['/svc/panel/entries/save', '/svc/panel/preview', '/svc/panel/entries/cover'].map((path) => ({ path, headers: () => ({ ...FORM, cookie: jar.header() }), check: panelPage })),
  { path: '/svc/panel/entries/upload', headers: () => ({ 'content-type': 'multipart/form-data; boundary=xyz', cookie: jar.header() }), check: panelPage },
  { path: '/svc/oauth/token', headers: () => FORM, check: oauthError('invalid_request') },
  { path: '/svc/oauth/register', headers: () => ({ 'content-type': 'application/json' }), check: oauthError('invalid_client_metadata') },
  {
    path: '/svc/mcp',
    headers: () => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${site.tokens.admin}` }),
    check: (answer) => assert.deepEqual(JSON.parse(answer.text), { jsonrpc: '2.0', id: null, error: { code: -32600, message: `The message is larger than ${14 * 1024 * 1024} bytes.` } }),
  },
];

function jsonMessage(answer: Answer): void {
  assert.match(String(answer.headers['content-type']), /^application\/json/);
  assert.match(JSON.parse(answer.text).message, /^The request body is larger than \d+ bytes\.$/);
}

function panelPage(answer: Answer): void {
  assert.match(String(answer.headers['content-type']), /^text\/html/);
  assert.match(answer.text, /^<!doctype html>/);
  assert.match(answer.text, /larger than|longer than/);
}

function oauthError(code: string) {
  return (answer: Answer) => {
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    const body = JSON.parse(answer.text);
    assert.equal(body.error, code);
    assert.match(body.error_description, /^The request body is larger than \d+ bytes\.$/);
  };
}

test('every route that reads a body answers 100 MB, chunked or sized, with 413 in its own shape and closes the connection', async () => {
  const sendAll = async () => {
    for (const route of ROUTES) {
      for (const framing of ['chunked', 'sized'] as const) {
        const answer = await postHuge(route.path, route.headers(), framing);
        assert.equal(answer.status, 413, `${route.path} (${framing}): ${answer.text.slice(0, 300)}`);
        route.check(answer);
        // The rest of the body is not read: the connection cannot be used for another request.
        assert.equal(answer.headers.connection, 'close', `${route.path} (${framing})`);
      }
    }
  };
  // A first round loads the code of every route (the panel and OAuth on first use, compiled by the test
  // loader) and lets the allocator settle: on Node 24 that alone is some 75 MB of this process.
  await sendAll();
  const before = process.memoryUsage().rss;
  await sendAll();
  const grown = process.memoryUsage().rss - before;
  // 36 more bodies of 100 MB went to the server in this process; had any been held, that alone would show.
  assert.ok(grown < 50 * 1024 * 1024, `resident memory grew by ${Math.round(grown / 1024 / 1024)} MB`);
});

test('after refusing a large body the server answers the next request on a new connection', async () => {
  await postHuge('/svc/collect', { 'content-type': 'text/plain' }, 'chunked');
  const res = await fetch(`${origin}/svc/collect`, { method: 'POST', body: '{}' });
  assert.notEqual(res.status, 413);
  await res.arrayBuffer();
});
