// Issue 33 point 5: signed webhooks. Admins add endpoints in the panel (secret shown once, rotatable with both
// valid for a day); deliveries follow Standard Webhooks, carry the entry as the Content API shows it to a
// content:read token (drafts only where asked), at least once, in feed order, retried, then paused with a
// notice on the panel home; a delivery log with "send again". Endpoints reach public addresses only, checked
// on the address connected to; the tests use the loopback switch (as the OAuth tests do), never on in
// production. A hanging, failing, slow, redirecting or huge endpoint never blocks a write nor leaks a secret.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { startPurgeReceiver, type PurgeReceiver, type ReceivedRequest } from '../helpers/purge-receiver.ts';
import { csrfOf, get, post, signIn, type Jar, type PanelHarness } from '../helpers/panel-harness.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { WebhookAdmin } from '../../dist/edge/webhook-admin.js';
import { verifyWebhook } from '../../dist/edge/webhook-signature.js';
import { sendWebhook } from '../../dist/edge/webhook-send.js';
import { refuseEndpointUrl } from '../../dist/edge/webhook-endpoints.js';
import { publicOnlyLookup } from '../../dist/lib/public-address.js';
import { startWebhooks } from '../../dist/wiring/start-webhooks.js';
import type { WebhookThread } from '../../src/wiring/webhook-thread.ts';
import type { NewChange } from '../../src/feed/change-event.ts';

let root: string;
let server: TestServer;
let receiver: PurgeReceiver;
let dispatcher: WebhookThread;
let panel: PanelHarness;
let jar: Jar;
const logged: string[] = [];

const change = (kind: NewChange['kind'], entry: string | null, languages = ['en'], paths: string[] = []) =>
  server.deps.content.changes!.feed.append({ kind, entry, languages, paths, before: [], via: 'panel', person: 'ann', token: null })!;

/** Adds an endpoint through the panel's form; its id and the secret shown once. */
async function addEndpoint(fields: Record<string, string | string[]>): Promise<{ id: string; secret: string; text: string }> {
  const page = await get(panel, '/svc/panel/webhooks', jar);
  const { res, text } = await post(panel, '/svc/panel/webhooks', { csrf: csrfOf(page.text), ...fields }, jar);
  assert.equal(res.status, 200, text);
  const secret = /<code>(whsec_[A-Za-z0-9+/=]+)<\/code>/.exec(text)![1]!;
  const id = /name="id" value="(ep_[0-9a-f]+)"/.exec(text)![1]!;
  return { id, secret, text };
}

const to = (path: string) => receiver.requests.filter((request) => request.path === path);
const body = (request: ReceivedRequest) => JSON.parse(request.body);
const verified = (request: ReceivedRequest, secret: string) => verifyWebhook(secret, String(request.headers['webhook-signature']), String(request.headers['webhook-id']), Number(request.headers['webhook-timestamp']), request.body);

before(async () => {
  root = createFixtureSite();
  server = await startTestServer(root);
  server.deps.log = (line) => logged.push(line);
  server.deps.content.lists();
  server.deps.webhooks = new WebhookAdmin(join(root, 'data'), Date.now, true);
  await server.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
  await server.deps.auth.accounts.create({ name: 'Bob', email: 'bob@example.org', role: 'editor', password: 'correct horse battery' });
  receiver = await startPurgeReceiver();
  dispatcher = startWebhooks({ ...server.deps, log: (line) => logged.push(line) }, { pollMs: 50, retryDelaysMs: [150, 150, 150], timeoutMs: 1500 })!;
  panel = { url: server.url } as PanelHarness;
  jar = await signIn(panel, 'ann@example.org', 'correct horse battery');
});
after(async () => {
  await dispatcher.stop();
  await server.close();
  await receiver.close();
  rmSync(root, { recursive: true, force: true });
});

test('only admins see Webhooks; an endpoint is added with its secret shown once; bad addresses are refused with a sentence', async () => {
  const bob = await signIn(panel, 'bob@example.org', 'correct horse battery');
  assert.equal((await get(panel, '/svc/panel/webhooks', bob)).res.status, 403);
  const { id, secret, text } = await addEndpoint({ url: `${receiver.url}/public`, events: ['entry.updated', 'entry.published', 'entry.created'] });
  // With an endpoint, this process takes up delivering (without any, it does not even follow the feed).
  await waitFor(() => assert.ok(dispatcher.isSending, 'this process delivers'));
  assert.match(text, /Copy the signing secret now; it is not shown again/);
  const again = await get(panel, `/svc/panel/webhooks/endpoint?id=${id}`, jar);
  assert.equal(again.res.status, 200);
  assert.ok(!again.text.includes(secret), 'never shown again');
  assert.equal(again.res.headers.get('cache-control'), 'private, no-store');
  const page = await get(panel, '/svc/panel/webhooks', jar);
  for (const [url, sentence] of [
    ['http://example.org/hook', /must start with https/],
    ['https://10.0.0.5/hook', /must be a public one/],
    ['https://169.254.169.254/latest/meta-data', /must be a public one/],
    ['https://[::1]/hook', /must be a public one/],
    ['https://localhost/hook', /must be a public one/],
    ['https://user:pw@example.org/hook', /user name or password/],
    ['not a url', /not a valid URL/],
  ] as const) {
    const refused = await post(panel, '/svc/panel/webhooks', { csrf: csrfOf(page.text), url, events: ['entry.updated'] }, jar);
    assert.equal(refused.res.status, 422, url);
    assert.match(refused.text, sentence, url);
  }
  const noEvents = await post(panel, '/svc/panel/webhooks', { csrf: csrfOf(page.text), url: 'https://example.org/hook' }, jar);
  assert.match(noEvents.text, /Choose at least one event/);
  // Without the tests' switch (production), this machine is refused too.
  assert.match(refuseEndpointUrl(`${receiver.url}/x`, false)!, /must start with https/);
  assert.match(refuseEndpointUrl('https://127.0.0.1/x', false)!, /must be a public one/);
});

test('a change is delivered signed as Standard Webhooks says, with the entry as the Content API shows it; drafts only where asked; filters hold', async () => {
  const { secret } = await addEndpoint({ url: `${receiver.url}/drafts`, events: ['entry.created', 'entry.updated'], drafts: '1' });
  const travel = await addEndpoint({ url: `${receiver.url}/travel`, events: ['entry.updated'], tag: 'travel' });
  const publicSecret = server.deps.webhooks.list().find((endpoint) => endpoint.url.endsWith('/public'))!;
  receiver.requests.length = 0;
  const updated = change('entry.updated', 'posts/hello', ['en'], ['/hello']);
  change('entry.created', 'posts/admin-draft', ['en'], ['/admin-draft']);
  change('entry.updated', 'posts/concert', ['en'], ['/concert']);
  await waitFor(() => assert.equal(to('/drafts').length, 3));
  await waitFor(() => assert.equal(to('/public').length, 2));
  const [first] = to('/drafts');
  assert.equal(first!.method, 'POST');
  assert.equal(first!.headers['content-type'], 'application/json');
  assert.match(String(first!.headers['webhook-id']), /^msg_/);
  assert.ok(Math.abs(Number(first!.headers['webhook-timestamp']) - Date.now() / 1000) < 60);
  assert.match(String(first!.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
  assert.ok(verified(first!, secret), 'the signature verifies with the endpoint\'s secret');
  assert.ok(!verified(first!, publicSecret.secrets[0]!.secret), 'and not with another\'s');
  const message = body(first!);
  assert.equal(message.type, 'entry.updated');
  assert.equal(message.data.seq, updated.seq);
  assert.equal(message.data.entry.id, 'posts/hello');
  assert.equal(message.data.entry.title, 'Hello World');
  assert.match(message.data.entry.html, /<strong>the site<\/strong>/);
  // In feed order; the draft only to the endpoint that asked for drafts.
  assert.deepEqual(to('/drafts').map((request) => body(request).data.id), ['posts/hello', 'posts/admin-draft', 'posts/concert']);
  assert.deepEqual(to('/drafts').map((request) => body(request).type), ['entry.updated', 'entry.created', 'entry.updated']);
  assert.equal(body(to('/drafts')[1]!).data.entry.status, 'draft');
  assert.deepEqual(to('/public').map((request) => body(request).data.id), ['posts/hello', 'posts/concert']);
  await waitFor(() => assert.deepEqual(to('/travel').map((request) => body(request).data.id), ['posts/hello']));
  void travel;
});

test('an entry\'s media is sent as media.added, media.updated or media.deleted, as the change was', async () => {
  await addEndpoint({ url: `${receiver.url}/media`, events: ['media.added', 'media.updated', 'media.deleted'] });
  await addEndpoint({ url: `${receiver.url}/uploads`, events: ['media.added'] });
  receiver.requests.length = 0;
  const media = (how?: 'added' | 'changed' | 'removed') => server.deps.content.changes!.feed.append({
    kind: 'entry.media', entry: 'posts/hello', languages: [], paths: ['/hello'], before: [], via: 'panel', person: 'ann', token: null, ...(how ? { media: how } : {}),
  })!;
  media('added');
  media('changed');
  media('removed');
  // A line written before the feed said how: sent as it was then.
  media();
  await waitFor(() => assert.equal(to('/media').length, 4));
  assert.deepEqual(to('/media').map((request) => body(request).type), ['media.added', 'media.updated', 'media.deleted', 'media.added']);
  await waitFor(() => assert.equal(to('/uploads').length, 2));
  assert.deepEqual(to('/uploads').map((request) => body(request).type), ['media.added', 'media.added']);
});

test('a failing endpoint is retried and keeps order; a secret rotated meanwhile signs with both; the log shows each attempt and sends again', async () => {
  const { id, secret: oldSecret } = await addEndpoint({ url: `${receiver.url}/flaky`, events: ['entry.updated'] });
  receiver.requests.length = 0;
  // The reason comes after 300 characters, and holds markup: the panel shows all the log keeps (512 bytes), escaped.
  const reason = `${'-'.repeat(300)} database is down, try later <b>soon</b>`;
  receiver.answer = { status: 500, body: reason };
  const one = change('entry.updated', 'posts/hello');
  const two = change('entry.updated', 'posts/second');
  await waitFor(() => assert.ok(to('/flaky').length >= 2, 'tried again'));
  // Rotated mid-retry: the next attempts carry both signatures.
  const endpointPage = await get(panel, `/svc/panel/webhooks/endpoint?id=${id}`, jar);
  const rotated = await post(panel, '/svc/panel/webhooks/rotate', { csrf: csrfOf(endpointPage.text), id }, jar);
  assert.match(rotated.text, /the old one stays valid for a day/);
  const newSecret = /<code>(whsec_[A-Za-z0-9+/=]+)<\/code>/.exec(rotated.text)![1]!;
  assert.notEqual(newSecret, oldSecret);
  receiver.answer = { status: 204, body: '' };
  await waitFor(() => assert.equal(to('/flaky').filter((request) => request.headers['webhook-signature']!.includes(' ')).length >= 1, true));
  await waitFor(() => assert.deepEqual([...new Set(to('/flaky').map((request) => body(request).data.seq))], [one.seq, two.seq]));
  const delivered = to('/flaky').at(-1)!;
  assert.ok(verified(delivered, newSecret) && verified(delivered, oldSecret), 'both secrets verify during the overlap');
  const firstTries = to('/flaky').filter((request) => body(request).data.seq === one.seq);
  assert.equal(new Set(firstTries.map((request) => request.headers['webhook-id'])).size, 1, 'one webhook-id over every attempt');

  const log = await get(panel, `/svc/panel/webhooks/endpoint?id=${id}`, jar);
  assert.match(log.text, /<td>failed<\/td><td>[^<]+<\/td><td>Entry updated <code>posts\/hello<\/code><\/td><td>1<\/td><td>500<\/td><td><code>-{300} database is down, try later &lt;b&gt;soon&lt;\/b&gt;<\/code>/);
  assert.match(log.text, /<td>delivered<\/td>/);
  const messageId = String(firstTries[0]!.headers['webhook-id']);
  const before = to('/flaky').length;
  await post(panel, '/svc/panel/webhooks/send-again', { csrf: csrfOf(log.text), id, message: messageId }, jar);
  await waitFor(() => assert.ok(to('/flaky').length > before && to('/flaky').at(-1)!.headers['webhook-id'] === messageId, 'sent again'));
});

test('retries that run out pause the endpoint with a notice on the panel home; resuming delivers what waited', async () => {
  // The endpoint's query carries the receiver's token: the log names the endpoint without it.
  const down = '/down?token=RECEIVER-SECRET-123';
  const { id } = await addEndpoint({ url: `${receiver.url}${down}`, events: ['site.changed'] });
  receiver.answer = 'hang';
  const event = change('site.changed', null, []);
  await waitFor(() => assert.notEqual(server.deps.webhooks.get(id)!.paused, null), 20_000);
  assert.match(server.deps.webhooks.get(id)!.paused!, /after 4 attempts over about a day: no whole answer within 1\.5 s/);
  const home = await get(panel, '/svc/panel/', jar);
  assert.match(home.text, /Webhook deliveries are paused for http:\/\/127\.0\.0\.1:\d+\/down/);
  receiver.answer = { status: 200, body: 'ok' };
  const page = await get(panel, `/svc/panel/webhooks/endpoint?id=${id}`, jar);
  assert.match(page.text, /1 waiting/);
  await post(panel, '/svc/panel/webhooks/resume', { csrf: csrfOf(page.text), id }, jar);
  await waitFor(() => assert.ok(to(down).some((request) => body(request).data.seq === event.seq && body(request).type === 'site.changed'), 'delivered after resuming'));
  await waitFor(() => assert.equal(server.deps.webhooks.get(id)!.paused, null));
  assert.ok(logged.every((line) => !line.includes('whsec_')), 'no secret in the log');
  assert.ok(logged.some((line) => line === `svc: webhook endpoint ${receiver.url}/down is paused: its deliveries failed for about a day.`), logged.join('\n'));
  assert.ok(logged.every((line) => !line.includes('RECEIVER-SECRET-123')), 'no receiver token in the log');
});

test('a damaged endpoints file is never written over: the page says so, changes are refused naming it', async () => {
  const file = join(root, 'data', 'webhooks', 'endpoints.json');
  const kept = readFileSync(file, 'utf8');
  const [some] = server.deps.webhooks.list();
  const damagedText = kept.slice(0, -20);
  // Put in place whole (a rename), as the sending thread reads the file twice a second: written in place,
  // it could read it empty first, a damage of its own said in a line of its own.
  const putWhole = (text: string) => { writeFileSync(`${file}.new`, text); renameSync(`${file}.new`, file); };
  putWhole(damagedText);
  try {
    const page = await get(panel, '/svc/panel/webhooks', jar);
    assert.match(page.text, /data\/webhooks\/endpoints\.json is damaged/);
    assert.ok(!page.text.includes('No endpoints yet'), 'not shown as no endpoints');
    const added = await post(panel, '/svc/panel/webhooks', { csrf: csrfOf(page.text), url: `${receiver.url}/new`, events: ['entry.updated'] }, jar);
    assert.equal(added.res.status, 422);
    assert.match(added.text, /data\/webhooks\/endpoints\.json is damaged/);
    const rotated = await post(panel, '/svc/panel/webhooks/rotate', { csrf: csrfOf(page.text), id: some!.id }, jar);
    assert.equal(rotated.res.status, 409);
    assert.match(rotated.text, /data\/webhooks\/endpoints\.json is damaged/);
    await post(panel, '/svc/panel/webhooks/delete', { csrf: csrfOf(page.text), id: some!.id }, jar);
    assert.throws(() => server.deps.webhooks.endpoints.setPaused(some!.id, 'x'), /endpoints\.json is damaged/);
    assert.equal(readFileSync(file, 'utf8'), damagedText, 'the file is as it was: the others and their secrets are not lost');
  } finally {
    putWhole(kept);
  }
  assert.equal(server.deps.webhooks.list().length > 0, true);
});

test('an endpoint that redirects, resolves to this machine, answers slowly or with 50 MB never holds anything up', async () => {
  receiver.answer = { status: 302, body: '', headers: { location: 'http://127.0.0.1:1/admin' } };
  const redirected = await sendWebhook(`${receiver.url}/r`, {}, '{}', true, 1500);
  assert.deepEqual([redirected.ok, redirected.status], [false, 302]);
  assert.match(redirected.note, /a redirect \(to http:\/\/127\.0\.0\.1:1\/admin\), which is not followed/);
  assert.equal(receiver.requests.filter((request) => request.path === '/admin').length, 0);
  // A name that resolves to this machine is refused on the address connected to, not only on the name.
  // The lookup every delivery connects through refuses a name that resolves to this machine (any name: here
  // localhost, which every system resolves so), so DNS cannot swap a private address in after the check.
  const refused = await new Promise<Error | null>((resolve) => publicOnlyLookup(false)('localhost', {}, (error) => resolve(error)));
  assert.match(String(refused?.message), /resolves to an address that is not public/);
  const loopbackAllowed = await new Promise<Error | null>((resolve) => publicOnlyLookup(true)('localhost', {}, (error) => resolve(error)));
  assert.equal(loopbackAllowed, null, 'only the tests\' switch lets it through');
  assert.match((await sendWebhook('https://localhost/x', {}, '{}', false, 1500)).note, /must be a public one/);
  receiver.answer = 'slow';
  const started = Date.now();
  const slow = await sendWebhook(`${receiver.url}/slow`, {}, '{}', true, 1500);
  assert.equal(slow.ok, false);
  assert.match(slow.note, /no whole answer within 1\.5 s/);
  assert.ok(Date.now() - started < 5000);
  receiver.answer = 'huge';
  const huge = await sendWebhook(`${receiver.url}/huge`, {}, '{}', true, 5000);
  assert.equal(huge.ok, true);
  assert.equal(huge.note.length, 512, 'only the first bytes are kept');
  receiver.answer = { status: 200, body: 'ok' };
  // A write meanwhile is answered at once: delivery is never on its path.
  const before = Date.now();
  change('entry.updated', 'posts/hello');
  assert.ok(Date.now() - before < 1000);
});

