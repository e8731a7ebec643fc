// The ways a listen ends that its client did not ask for, over HTTP against the real server: the idle
// timeout (with the listen's result) and a client that never reads its stream
// (dropped before its unread events grow without bound). Each leaves nothing behind in the process.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { modernBody, modernHeaders } from '../helpers/mcp-modern.ts';
import { openListen } from '../helpers/mcp-listen.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { listenerHub, type ListenerHub } from '../../dist/mcp/subscriptions/listener-hub.js';

/** Long enough that a write (its fsyncs on a loaded machine) surely comes within it. */
const IDLE_MS = 3_000;
/** Above what one change writes to these 100 subscriptions (some 15 KB): only a backlog reaches it. */
const MAX_UNSENT = 32 * 1024;
let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let hub: ListenerHub;

before(async () => {
  site = await makeTestSite();
  // Made before the server's first listen, so its listeners are held to these shorter limits.
  hub = listenerHub(site.deps.content, () => {}, { idleMs: IDLE_MS, maxUnsentBytes: MAX_UNSENT });
  ({ http } = served = await serveTestSite({ site }));
});
after(() => served.close());

const nothingHeld = () => waitFor(() => assert.deepEqual([hub.size, hub.subscriptionCount, hub.following], [0, 0, false]));

test('a listen over which nothing was sent for the idle timeout ends with its result; a notification moves the timeout', async () => {
  // The writing tool is loaded first, so the write below comes well within the timeout.
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/old-news', language: 'en', body: 'Warm.' });
  site.clock.now += 1000;
  const stream = await openListen(http.url, site.tokens.author!, { resourceSubscriptions: ['svc://entry/posts/hike-day'] }, 'idle');
  await stream.next();
  const began = Date.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 3));
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', body: 'We walk far.' });
  assert.equal((await stream.next()).params.uri, 'svc://entry/posts/hike-day');
  const result = await stream.next(IDLE_MS * 10);
  assert.ok(Date.now() - began >= IDLE_MS, 'the notification moved the timeout');
  assert.deepEqual([result.id, result.result.resultType, result.result._meta['io.modelcontextprotocol/subscriptionId']], ['idle', 'complete', 'idle']);
  await stream.ended;
  await nothingHeld();
});

test('a listener that never reads its stream is dropped once its unread events pass the limit: nothing grows, nothing is kept', async () => {
  // 100 spellings of posts/hello's URI (a URI is followed as written), so each change tells them all.
  const distinct = [...new Set(['svc://entry/posts/hello', 'svc://entry/posts/hello?lang=en', 'svc://entry/posts%2Fhello', 'svc://entry/posts%2Fhello?lang=en',
    ...Array.from({ length: 96 }, (_, i) => `svc://entry/${encodeSome('posts/hello', i + 1)}`)])];
  assert.equal(distinct.length, 100);
  const body = modernBody('subscriptions/listen', { notifications: { resourceSubscriptions: distinct } }, {}, 77);
  const text = JSON.stringify(body);
  const headers = { ...modernHeaders(body), authorization: `Bearer ${site.tokens.author}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const socket = connect(http.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`POST /svc/mcp HTTP/1.1\r\nhost: 127.0.0.1:${http.port}\r\ncontent-length: ${Buffer.byteLength(text)}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${text}`);
  // It reads nothing from here on.
  socket.pause();
  await waitFor(() => assert.equal(hub.size, 1));
  const feed = site.deps.content.changes!.feed;
  // Each site.reindexed tells every subscription (some 100 × 130 bytes); the kernel's buffers fill first.
  let round = 0;
  for (; round < 3000 && hub.size > 0; round++) {
    feed.append({ kind: 'site.reindexed', entry: null, languages: [], paths: [], before: [], via: 'cli', person: null, token: null });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  assert.equal(hub.size, 0, 'dropped');
  assert.ok(round > 1, 'dropped for what it left unread, after the socket buffers filled');
  await nothingHeld();
  socket.destroy();
});

/** `text` with the letters that `pattern`'s bits pick percent-encoded: another spelling of the same URI. */
function encodeSome(text: string, pattern: number): string {
  let letter = 0;
  return [...text].map((char) => (char === '/' ? char : (pattern >> letter++) & 1 ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : char)).join('');
}
