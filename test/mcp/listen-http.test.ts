// subscriptions/listen (2026-07-28) over HTTP against the real server on port 0: the streamed answer, what it
// is told and what it never is (another person's drafts), and the refusals, each leaving nothing behind.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { modern } from '../helpers/mcp-modern.ts';
import { openListen } from '../helpers/mcp-listen.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { listenerHub, type ListenerHub } from '../../dist/mcp/subscriptions/listener-hub.js';
import { LISTENERS_PER_PERSON, SUBSCRIPTIONS_PER_LISTENER } from '../../dist/mcp/subscriptions/limits.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let hub: ListenerHub;

before(async () => {
  ({ site, http } = served = await serveTestSite());
  hub = listenerHub(site.deps.content, () => {});
});
after(() => served.close());

const update = (id: string, language: string, body: string) => callTool(site, http.url, site.tokens.admin!, 'content_update', { id, language, body });
const listen = (token: string, notifications: unknown, id?: string) => {
  site.clock.now += 1000;
  return openListen(http.url, token, notifications, id);
};
/** Nothing is held once every stream is gone: no listener, no subscription, no follower of the feed. */
const nothingHeld = () => waitFor(() => assert.deepEqual([hub.size, hub.subscriptionCount, hub.following], [0, 0, false]));

test('discover says resources can be subscribed to; no list-changed is offered', async () => {
  const discover = await modern(site, http.url, site.tokens.author!, 'server/discover');
  assert.deepEqual(discover.json.result.capabilities.resources, { subscribe: true });
  assert.equal(discover.json.result.capabilities.tools.listChanged, undefined);
});

test('a listen is acknowledged first with what is honoured, then told of a write to what it follows, each message naming it', async () => {
  const stream = await listen(site.tokens.author!, {
    resourceSubscriptions: ['svc://entry/posts/hello', 'svc://site', 'svc://stats/today', 'https://elsewhere.example/x'], toolsListChanged: true, promptsListChanged: true,
  }, 'L1');
  assert.equal(stream.status, 200);
  assert.equal(stream.contentType, 'text/event-stream');
  assert.deepEqual(await stream.next(), {
    jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged',
    params: { notifications: { resourceSubscriptions: ['svc://entry/posts/hello', 'svc://site'] }, _meta: { [SUBSCRIPTION_ID]: 'L1' } },
  });
  assert.equal(hub.size, 1);
  await update('posts/hello', 'en', 'Welcome back.');
  assert.deepEqual(await stream.next(), {
    jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'svc://entry/posts/hello', _meta: { [SUBSCRIPTION_ID]: 'L1' } },
  });
  const read = await modern(site, http.url, site.tokens.author!, 'resources/read', { uri: 'svc://entry/posts/hello' });
  assert.equal(JSON.parse(read.json.result.contents[0].text).body.trim(), 'Welcome back.');
  // A change to an entry it does not follow stays silent.
  await update('posts/old-news', 'en', 'Older.');
  assert.deepEqual(await stream.quiet(300), []);
  stream.close();
  await nothingHeld();
});

test("a listener never learns of another person's draft; a translation that stops being public is told once", async () => {
  // Carl (contributor) reads posts/hello in English (published); its German translation is Ann's draft.
  const stream = await listen(site.tokens.contributor!, { resourceSubscriptions: ['svc://entry/posts/hello?lang=de', 'svc://entry/posts/hello'] }, 'L2');
  await stream.next();
  await update('posts/hello', 'de', 'Geheim.');
  assert.deepEqual(await stream.quiet(400), [], 'an edit of the German draft is not told');
  await callTool(site, http.url, site.tokens.admin!, 'content_unpublish', { id: 'posts/hello', language: 'en' });
  const told = [await stream.next(), await stream.next()].map((message) => message.params.uri).sort();
  assert.deepEqual(told, ['svc://entry/posts/hello', 'svc://entry/posts/hello?lang=de']);
  await update('posts/hello', 'en', 'Now a draft of Ann.');
  assert.deepEqual(await stream.quiet(400), [], 'once a draft, its edits are not told');
  await callTool(site, http.url, site.tokens.admin!, 'content_publish', { id: 'posts/hello', language: 'en' });
  assert.equal((await stream.next()).method, 'notifications/resources/updated');
  stream.close();
  await nothingHeld();
});

test('an entry the token may not read is refused exactly as one that does not exist, and nothing is opened', async () => {
  const refusal = async (uri: string) => {
    const stream = await listen(site.tokens.contributor!, { resourceSubscriptions: ['svc://site', uri] });
    assert.equal(stream.status, 200);
    assert.match(stream.contentType!, /^application\/json/);
    return stream.json.error;
  };
  const draft = await refusal('svc://entry/posts/bobs-draft');
  const missing = await refusal('svc://entry/posts/no-such');
  assert.equal(draft.code, -32602);
  assert.deepEqual({ ...draft, message: draft.message.replaceAll('bobs-draft', 'X'), data: { uri: draft.data.uri.replace('bobs-draft', 'X') } },
    { ...missing, message: missing.message.replaceAll('no-such', 'X'), data: { uri: missing.data.uri.replace('no-such', 'X') } });
  assert.match(draft.message, /There is no entry with the id "posts\/bobs-draft"/);
  assert.doesNotMatch(JSON.stringify(draft), /Bob|Secret/);
  assert.equal(hub.size, 0);
});

test('hostile entry URIs are refused with a sentence each, and nothing is held', async () => {
  const hostile = [
    'svc://entry/../../etc/passwd', 'svc://entry/posts/%2e%2e', 'svc://entry/posts/..%2f..%2fdata', 'svc://entry/posts/hello%00',
    'svc://entry/posts/hello\u0000', 'svc://entry/POSTS/Hello', 'svc://entry/posts/hello/', 'svc://entry/' + 'a/'.repeat(1500),
    'svc://entry/posts/hello?lang=xx', 'svc://entry/posts/hello?lang=de&lang=en', 'svc://entry/posts/hello?x=1', 'svc://entry/%E0%A4%A',
  ];
  for (const uri of hostile) {
    const stream = await listen(site.tokens.admin!, { resourceSubscriptions: [uri] });
    assert.equal(stream.json?.error?.code, -32602, uri);
    assert.ok(stream.json.error.message.length < 400, uri);
    assert.doesNotMatch(stream.json.error.message, /Internal error/, uri);
  }
  for (const notifications of [undefined, [], 'svc://site', { resourceSubscriptions: 'svc://site' }, { resourceSubscriptions: [42] }, { toolsListChanged: 'yes' }]) {
    const stream = await listen(site.tokens.admin!, notifications);
    assert.equal(stream.json?.error?.code, -32602, JSON.stringify(notifications));
  }
  assert.equal(hub.size, 0);
});

test('a listen whose token is revoked ends at the next change, with its result and without telling it', async () => {
  const { token, record } = site.deps.auth.createToken({ ownerId: 'ava', name: 'soon revoked', scopes: ['content:read'], expiresInDays: 30 });
  site.clock.now += 1000;
  const stream = await openListen(http.url, token, { resourceSubscriptions: ['svc://entry/posts/old-news'] }, 'revoked');
  await stream.next();
  site.deps.auth.revokeToken(record.id);
  await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/old-news', language: 'en', body: 'Changed after the revocation.' });
  const last = await stream.next();
  assert.equal(last.id, 'revoked', 'the result, not a notification');
  await stream.ended;
  await nothingHeld();
});

test('10,000 subscriptions from one token are refused past the limit with a clear error', async () => {
  const uris = Array.from({ length: 10_000 }, (_, i) => `svc://entry/posts/p${i}`);
  const stream = await listen(site.tokens.author!, { resourceSubscriptions: uris });
  assert.deepEqual(stream.json.error, {
    code: -32602,
    message: `Too many resource subscriptions: one listen may follow at most ${SUBSCRIPTIONS_PER_LISTENER} URIs, and this one asks for 10000. Follow the ones the person is working on, or svc://site for the site as a whole.`,
  });
  assert.equal(hub.size, 0);
});

test(`a person holds at most ${LISTENERS_PER_PERSON} listeners; closing one makes room`, async () => {
  const open = [];
  for (let i = 0; i < LISTENERS_PER_PERSON; i++) {
    const stream = await listen(site.tokens.author!, { resourceSubscriptions: ['svc://site'] });
    assert.equal(stream.json, undefined, `listen ${i}: ${JSON.stringify(stream.json)}`);
    await stream.next().catch((e) => { throw new Error(`listen ${i} ${stream.status} ${stream.contentType}: ${e}`); });
    open.push(stream);
  }
  const refused = await listen(site.tokens.author!, { resourceSubscriptions: ['svc://site'] });
  assert.equal(refused.json.error.code, -32600);
  assert.match(refused.json.error.message, /^Too many listeners: a person may hold at most 10 at a time/);
  // Someone else is not held back by it.
  const other = await listen(site.tokens.editor!, { resourceSubscriptions: ['svc://site'] });
  await other.next();
  open.shift()!.close();
  await waitFor(() => assert.equal(hub.size, LISTENERS_PER_PERSON));
  const again = await listen(site.tokens.author!, { resourceSubscriptions: ['svc://site'] });
  assert.equal(again.json, undefined, JSON.stringify(again.json));
  assert.equal((await again.next()).method, 'notifications/subscriptions/acknowledged');
  for (const stream of [...open, other, again]) stream.close();
  await nothingHeld();
});

test('a listen that can carry nothing is acknowledged and ended with its result at once', async () => {
  const stream = await listen(site.tokens.author!, { toolsListChanged: true, resourcesListChanged: true }, 'L3');
  assert.deepEqual((await stream.next()).params.notifications, {});
  const result = await stream.next();
  assert.equal(result.id, 'L3');
  assert.equal(result.result.resultType, 'complete');
  assert.equal(result.result._meta[SUBSCRIPTION_ID], 'L3');
  assert.equal(result.result._meta['io.modelcontextprotocol/serverInfo'].name, 'svc');
  await stream.ended;
  await nothingHeld();
});

test('the 2025 resources/subscribe is refused over HTTP with a pointer to what works; initialize does not offer it there', async () => {
  const init = await rpc(site, http.url, site.tokens.author!, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  assert.equal(init.json.result.capabilities.resources.subscribe, false);
  const refused = await rpc(site, http.url, site.tokens.author!, 'resources/subscribe', { uri: 'svc://site' });
  assert.equal(refused.json.error.code, -32601);
  assert.match(refused.json.error.message, /needs a connection that stays open.*subscriptions\/listen/);
  const modernSubscribe = await modern(site, http.url, site.tokens.author!, 'resources/subscribe', { uri: 'svc://site' });
  assert.equal(modernSubscribe.status, 404);
  assert.equal(hub.size, 0);
});
