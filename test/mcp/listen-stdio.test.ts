// Being told of changes over stdio: the real `node dist/stdio.js` hears of a write another process made
// (through the change feed), in both eras: subscriptions/listen (2026-07-28) beside the process's other
// answers, and resources/subscribe with notifications/resources/updated (2025). The transport driven
// in-process for what only the process itself can show: its listeners gone when its input ends, and a
// client that never reads its output dropped before the unread lines grow without bound.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { modernBody } from '../helpers/mcp-modern.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { entry } from '../helpers/write-site.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';
import { createMcpExchange } from '../../dist/mcp/exchange.js';
import { serveStdio } from '../../dist/mcp/transports/stdio.js';
import { listenerHub } from '../../dist/mcp/subscriptions/listener-hub.js';
import { SUBSCRIPTIONS_PER_LISTENER } from '../../dist/mcp/subscriptions/limits.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let token: string;

before(async () => {
  ({ site, http } = served = await serveTestSite());
  // Carl (contributor) reads what is public and his own drafts, not Bob's. Without expiry: the stdio
  // process checks it on its own clock, not the site's fixed one.
  token = site.deps.auth.createToken({ ownerId: 'carl', name: 'stdio listen', scopes: ['content:read'], expiresInDays: null }).token;
});
after(() => served.close());

const update = (id: string, body: string) => callTool(site, http.url, site.tokens.admin!, 'content_update', { id, language: 'en', body });

test('2026-07-28: a listen is acknowledged, told of a write made by another process, answers other requests meanwhile, and ends when cancelled', async () => {
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  mcp.send(modernBody('subscriptions/listen', { notifications: { resourceSubscriptions: ['svc://entry/posts/hello', 'svc://entry/posts/bobs-draft'] } }, {}, 'listen:0'));
  const refused = await mcp.next();
  assert.equal(refused.id, 'listen:0');
  assert.match(refused.error.message, /There is no entry with the id "posts\/bobs-draft"/);
  mcp.send(modernBody('subscriptions/listen', { notifications: { resourceSubscriptions: ['svc://entry/posts/hello'] } }, {}, 'listen:1'));
  assert.deepEqual(await mcp.next(), {
    jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged',
    params: { notifications: { resourceSubscriptions: ['svc://entry/posts/hello'] }, _meta: { [SUBSCRIPTION_ID]: 'listen:1' } },
  });
  mcp.send(modernBody('tools/list', {}, {}, 2));
  assert.equal((await mcp.next()).id, 2, 'answered while the listen is open');
  await update('posts/hello', 'Told across processes.');
  assert.deepEqual(await mcp.next(), {
    jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'svc://entry/posts/hello', _meta: { [SUBSCRIPTION_ID]: 'listen:1' } },
  });
  mcp.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'listen:1', reason: 'done' } });
  await update('posts/hello', 'Not told any more.');
  mcp.send(modernBody('tools/list', {}, {}, 3));
  const next = await mcp.next();
  assert.equal(next.id, 3, 'no notification and no result after the cancellation');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(mcp.lines.at(-1), next, 'nothing came later either');
  const { code } = await mcp.exit();
  assert.equal(code, 0);
});

test('2025: initialize offers subscribe; resources/subscribe is told of a change by notifications/resources/updated, until unsubscribed', async () => {
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  const init = await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  assert.deepEqual(init.result.capabilities.resources, { subscribe: true, listChanged: false });
  mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.deepEqual((await mcp.request('resources/subscribe', { uri: 'svc://entry/posts/old-news' })).result, {});
  assert.deepEqual((await mcp.request('resources/subscribe', { uri: 'svc://site' })).result, {});
  const draft = await mcp.request('resources/subscribe', { uri: 'svc://entry/posts/bobs-draft' });
  assert.deepEqual([draft.error.code, draft.error.data], [-32002, { uri: 'svc://entry/posts/bobs-draft' }]);
  const stats = await mcp.request('resources/subscribe', { uri: 'svc://stats/today' });
  assert.match(stats.error.message, /cannot be subscribed to/);
  await update('posts/old-news', 'Older still.');
  assert.deepEqual(await mcp.next(), { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'svc://entry/posts/old-news' } });
  assert.deepEqual((await mcp.request('resources/unsubscribe', { uri: 'svc://entry/posts/old-news' })).result, {});
  await update('posts/old-news', 'Not told.');
  const pong = await mcp.request('ping');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.deepEqual([pong.result, mcp.lines.at(-1)], [{}, pong], 'no notification after unsubscribing');
  // The same URI again is the same subscription; past the limit, a clear refusal: 10,000 are never held.
  for (let i = 0; i < 5; i++) assert.deepEqual((await mcp.request('resources/subscribe', { uri: 'svc://site' })).result, {});
  const many = [];
  for (let i = 0; i < SUBSCRIPTIONS_PER_LISTENER + 1; i++) many.push(await mcp.request('resources/subscribe', { uri: `svc://entry/${encodeSome('posts/hello', i + 1)}` }));
  const refusals = many.filter((answer) => answer.error);
  assert.ok(refusals.length >= 1);
  assert.match(refusals[0].error.message, new RegExp(`^Too many subscriptions: one connection may follow at most ${SUBSCRIPTIONS_PER_LISTENER} resources`));
  const { code } = await mcp.exit();
  assert.equal(code, 0);
});

test('2025: a client still reading a long answer stays subscribed: only unread notifications count against it', async () => {
  // Some 700 KB of answer, most of it left in the pipe and the process while the client reads slowly.
  site.writeEntry('content/posts/long-read/en.md', entry({ title: 'Long read', status: 'published', date: '2026-03-01 10:00', published: '2026-03-01 10:00', author: 'carl' }, 'word '.repeat(140_000)));
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  assert.deepEqual((await mcp.request('resources/subscribe', { uri: 'svc://entry/posts/hello' })).result, {});
  mcp.send({ jsonrpc: '2.0', id: 'long', method: 'tools/call', params: { name: 'content_read', arguments: { id: 'posts/long-read' } } });
  mcp.child.stdout.pause();
  await update('posts/hello', 'Changed while the long answer was unread.');
  // The change reaches the process (through the feed) while the answer waits; then the client reads on.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  mcp.child.stdout.resume();
  const told = { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'svc://entry/posts/hello' } };
  await waitFor(() => assert.ok(mcp.lines.some((line) => JSON.stringify(line) === JSON.stringify(told)), 'told of the change'), 5_000);
  assert.ok(mcp.lines.some((line: any) => line.id === 'long' && line.result), 'the long answer came whole');
  const before = mcp.lines.length;
  await update('posts/hello', 'And told again: the subscription is still there.');
  await waitFor(() => assert.ok(mcp.lines.slice(before).some((line) => JSON.stringify(line) === JSON.stringify(told))), 5_000);
  assert.equal((await mcp.exit()).code, 0);
});

test('a client that writes without reading: the process stops reading its requests instead of keeping every answer, and answers all in order once read', async () => {
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  const before = mcp.lines.length;
  mcp.child.stdout.pause();
  const COUNT = 50_000;
  let requests = '';
  for (let i = 1; i <= COUNT; i++) requests += `{"jsonrpc":"2.0","id":${i},"method":"ping"}\n`;
  mcp.child.stdin.write(requests);
  // 2.2 MB of requests: the process takes what its answers' room allows and leaves the rest unread.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  assert.ok(mcp.child.stdin.writableLength > 1_000_000, `the process read all but ${mcp.child.stdin.writableLength} bytes of requests nobody read the answers to`);
  mcp.child.stdout.resume();
  await waitFor(() => assert.equal(mcp.lines.length - before, COUNT), 30_000);
  assert.ok(mcp.lines.slice(before).every((line: any, i) => line.id === i + 1 && line.result !== undefined), 'every answer, in order');
  assert.equal((await mcp.exit()).code, 0);
});

test('in-process: the listeners of a stdio conversation are gone when its input ends, a listen told so', async () => {
  const hub = listenerHub(site.deps.content, () => {});
  const input = new PassThrough();
  const output = new PassThrough();
  const lines: any[] = [];
  output.on('data', (chunk: Buffer) => { for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line)); });
  const served = serveStdio({
    input, output, exchange: createMcpExchange({ registry: defaultRegistry(), log: () => {} }), log: () => {},
    contextFor: (session) => ({ principal: site.deps.auth.verify(token)!, deps: site.deps, session }),
  });
  input.write(JSON.stringify(modernBody('subscriptions/listen', { notifications: { resourceSubscriptions: ['svc://site', 'svc://entry/posts/hello'] } }, {}, 'in-process')) + '\n');
  await waitFor(() => assert.deepEqual([hub.size, lines.length], [1, 1]));
  assert.equal(hub.subscriptionCount, 2);
  input.end();
  await served;
  assert.deepEqual([hub.size, hub.subscriptionCount, hub.following], [0, 0, false]);
  assert.deepEqual(lines.at(-1), {
    jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'in-process', reason: 'The server is stopping.', _meta: { [SUBSCRIPTION_ID]: 'in-process' } },
  });
});

test('in-process: a client that never reads its output has its listener dropped before the unread lines grow without bound', async () => {
  const hub = listenerHub(site.deps.content, () => {});
  const input = new PassThrough();
  // Takes the first chunk and never calls back: everything after stays unread in the stream's buffer.
  const output = new Writable({ highWaterMark: 1024, write: () => {} });
  const served = serveStdio({
    input, output, exchange: createMcpExchange({ registry: defaultRegistry(), log: () => {} }), log: () => {},
    contextFor: (session) => ({ principal: site.deps.auth.verify(token)!, deps: site.deps, session }),
  });
  // 100 spellings of posts/hello's URI (a URI is followed as written): each site.reindexed tells them all.
  const uris = ['svc://entry/posts/hello', ...Array.from({ length: 99 }, (_, i) => `svc://entry/${encodeSome('posts/hello', i + 1)}`)];
  input.write(JSON.stringify(modernBody('subscriptions/listen', { notifications: { resourceSubscriptions: uris } }, {}, 'deaf')) + '\n');
  await waitFor(() => assert.equal(hub.size, 1));
  const feed = site.deps.content.changes!.feed;
  let round = 0;
  for (; round < 2_000 && hub.size > 0; round++) {
    feed.append({ kind: 'site.reindexed', entry: null, languages: [], paths: [], before: [], via: 'cli', person: null, token: null });
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  assert.equal(hub.size, 0, 'dropped');
  assert.ok(output.writableLength < 256 * 1024 + 1024, `unread ${output.writableLength} bytes`);
  assert.equal(lastLine(output), JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'deaf', reason: 'More than 256 KB of notifications were left unread.', _meta: { [SUBSCRIPTION_ID]: 'deaf' } } }), 'told why');
  // The answers wait for the client to read; it goes away instead.
  input.end();
  output.destroy();
  await served;
  assert.deepEqual([hub.size, hub.subscriptionCount, hub.following], [0, 0, false]);
});

test('in-process, 2025: subscriptions whose client left too many notifications unread end with a warning to subscribe again', async () => {
  const own = await makeTestSite();
  try {
    // Made before any subscription on this site, so its listeners are held to this smaller limit.
    const hub = listenerHub(own.deps.content, () => {}, { maxUnsentBytes: 2048 });
    const input = new PassThrough();
    const output = new Writable({ highWaterMark: 1024, write: () => {} });
    const served = serveStdio({
      input, output, exchange: createMcpExchange({ registry: defaultRegistry(), log: () => {} }), log: () => {},
      contextFor: (session) => ({ principal: own.deps.auth.verify(own.tokens.admin!)!, deps: own.deps, session }),
    });
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
    input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: 'svc://site' } })}\n`);
    await waitFor(() => assert.equal(hub.size, 1));
    const feed = own.deps.content.changes!.feed;
    for (let round = 0; round < 500 && hub.size > 0; round++) {
      feed.append({ kind: 'site.reindexed', entry: null, languages: [], paths: [], before: [], via: 'cli', person: null, token: null });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    assert.equal(hub.size, 0, 'dropped');
    assert.deepEqual(JSON.parse(lastLine(output)), {
      jsonrpc: '2.0', method: 'notifications/message',
      params: { level: 'warning', logger: 'svc', data: 'More than 2 KB of notifications were left unread. Your subscriptions ended; send resources/subscribe again to follow changes.' },
    });
    input.end();
    output.destroy();
    await served;
  } finally {
    own.cleanup();
  }
});

/** The last line written to a Writable whose writes never completed (its buffered chunks). */
function lastLine(output: Writable): string {
  const chunks = (output as unknown as { writableBuffer: Array<{ chunk: Buffer | string }> }).writableBuffer;
  return String(chunks.at(-1)?.chunk ?? '').trimEnd();
}

/** `text` with the letters that `pattern`'s bits pick percent-encoded: another spelling of the same URI. */
function encodeSome(text: string, pattern: number): string {
  let letter = 0;
  return [...text].map((char) => (char === '/' ? char : (pattern >> letter++) & 1 ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : char)).join('');
}
