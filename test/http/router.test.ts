// The router and the server's reading of request targets: which handler runs, with which params, and the
// pathname it routes by (`new URL(target).pathname`).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Router, type Handler, type RequestContext } from '../../dist/http/router.js';
import { createHttpServer, plainPath } from '../../dist/http/server.js';
import { sendJson } from '../../dist/http/respond.js';

const noop: Handler = () => {};

test('routes match by segment count, fixed segments, :params and a * tail, in the order added', () => {
  const a: Handler = () => {}, b: Handler = () => {}, c: Handler = () => {}, d: Handler = () => {};
  const router = new Router().get('/x/:id', a).get('/x/new', b).get('/files/*', c).post('/', d);
  assert.deepEqual(router.match('GET', '/x/7'), { kind: 'found', handler: a, params: { id: '7' } });
  assert.deepEqual(router.match('GET', '/x/new'), { kind: 'found', handler: a, params: { id: 'new' } });
  assert.deepEqual(router.match('GET', '//x//7/'), { kind: 'found', handler: a, params: { id: '7' } });
  assert.deepEqual(router.match('GET', '/x'), { kind: 'not_found' });
  assert.deepEqual(router.match('GET', '/x/7/8'), { kind: 'not_found' });
  assert.deepEqual(router.match('GET', '/files'), { kind: 'found', handler: c, params: { '*': '' } });
  assert.deepEqual(router.match('GET', '/files/a/b.txt'), { kind: 'found', handler: c, params: { '*': 'a/b.txt' } });
  assert.deepEqual(router.match('POST', '/'), { kind: 'found', handler: d, params: {} });
  assert.deepEqual(router.match('GET', '/y'), { kind: 'not_found' });
});

test('HEAD falls back to GET; other methods get 405 with every allowed method; OPTIONS alone is no address', () => {
  const get: Handler = () => {}, post: Handler = () => {};
  const router = new Router().get('/a', get).post('/a', post).add('OPTIONS', '/a', noop).add('OPTIONS', '/only', noop).add('delete', '/b/:id', noop);
  assert.deepEqual(router.match('HEAD', '/a'), { kind: 'found', handler: get, params: {} });
  assert.deepEqual(router.match('PUT', '/a'), { kind: 'method_not_allowed', allow: ['GET', 'HEAD', 'POST'] });
  assert.deepEqual(router.match('GET', '/b/1'), { kind: 'method_not_allowed', allow: ['DELETE'] });
  assert.deepEqual(router.match('PUT', '/only'), { kind: 'not_found' });
  assert.equal(router.match('OPTIONS', '/only').kind, 'found');
});

const seen: Array<{ pathname: string; search: string; params: Record<string, string> }> = [];
const record: Handler = (ctx: RequestContext) => {
  // ctx.pathname is known without parsing the URL for a plain path, and is always what URL makes of it.
  assert.equal(ctx.pathname, ctx.url.pathname);
  seen.push({ pathname: ctx.url.pathname, search: ctx.url.search, params: ctx.params });
  sendJson(ctx.res, 200, { ok: true });
};
const server = createHttpServer(new Router().get('/p/:id', record).get('/x', record), { trustProxy: false, log: () => {} });
const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

/** Sends one raw request target and returns the status line, and the body after a blank line. */
async function statusFor(target: string): Promise<string> {
  const port = await listening;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => { text += chunk; });
    socket.on('end', () => resolve(text.startsWith('HTTP/1.1 400') ? `${text.split('\r\n')[0]!} ${text.split('\r\n\r\n')[1]!}` : text.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

test('handlers see ctx.url as URL reads the target, and ctx.pathname as its path', async () => {
  seen.length = 0;
  assert.equal(await statusFor('/p/7?q=a%20b&r'), 'HTTP/1.1 200 OK');
  assert.equal(await statusFor('/p/%41'), 'HTTP/1.1 200 OK');
  assert.equal(await statusFor('/p\\b'), 'HTTP/1.1 200 OK');
  assert.equal(await statusFor('/p/plain'), 'HTTP/1.1 200 OK');
  assert.deepEqual(seen, [
    { pathname: '/p/7', search: '?q=a%20b&r', params: { id: '7' } },
    { pathname: '/p/%41', search: '', params: { id: '%41' } },
    { pathname: '/p/b', search: '', params: { id: 'b' } },
    { pathname: '/p/plain', search: '', params: { id: 'plain' } },
  ]);
  assert.equal(await statusFor('/p/7/8'), 'HTTP/1.1 404 Not Found');
  // An origin-form target is a path (RFC 9112 §3.2.1): `//other.example/x` has an empty first segment, no
  // host, and no route has such a path; URL would read a host into it and answer for /x.
  assert.equal(await statusFor('//other.example/x?y=1'), 'HTTP/1.1 404 Not Found');
  assert.equal(await statusFor('//[/x'), 'HTTP/1.1 404 Not Found');
  assert.equal(await statusFor('http://[/x'), 'HTTP/1.1 400 Bad Request {"message":"The request address is not valid."}');
});

test('plainPath takes a target as its path only when URL parsing would give the same path', () => {
  const alphabet = ['/', '/', 'a', 'Z', '0', '-', '_', '.', '~', '%', '2', 'e', '?', '#', '\\', ':', '@', '+', ' ', 'é'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
  for (let n = 0; n < 5000; n++) {
    let target = '/';
    const length = next() % 12;
    for (let i = 0; i < length; i++) target += alphabet[next()];
    const plain = plainPath(target);
    if (plain !== undefined) assert.equal(plain, new URL(target, 'http://localhost').pathname, target);
  }
  assert.equal(plainPath('/svc/mcp'), '/svc/mcp');
  assert.equal(plainPath('//evil.example/x'), undefined);
  assert.equal(plainPath('/a?b=1'), undefined);
  assert.equal(plainPath('/a%2Fb'), undefined);
  assert.equal(plainPath('/a\\b'), undefined);
});

test('a fixed path is matched the same way every time, also after routes are added later', () => {
  const router = new Router();
  const first = () => {};
  const later = () => {};
  router.get('/x/:name', first);
  router.post('/x/fixed', first);
  assert.equal(router.match('GET', '/x/fixed').kind, 'found');
  assert.deepEqual((router.match('GET', '/x/fixed') as { params: Record<string, string> }).params, { name: 'fixed' });
  assert.deepEqual(router.match('DELETE', '/x/fixed'), { kind: 'method_not_allowed', allow: ['GET', 'HEAD', 'POST'] });
  router.add('DELETE', '/x/fixed', later);
  const found = router.match('DELETE', '/x/fixed');
  assert.equal(found.kind === 'found' && found.handler, later);
});

/** A router's answer to a request, as the server gets it: waiting groups under the path loaded first. */
async function matched(router: Router, method: string, path: string) {
  await router.prepare(path);
  return router.match(method, path);
}

test('a lazy group is loaded on the first request under its prefixes, in its place, and matches as if added there', async () => {
  const before: Handler = () => {}, inGroup: Handler = () => {}, groupPost: Handler = () => {}, catchAll: Handler = () => {};
  let loaded = 0;
  const router = new Router()
    .get('/svc/panel/early', before)
    .lazy(['/svc/panel', '/.well-known/thing'], async () => {
      loaded++;
      return (own) => { own.get('/svc/panel/', inGroup).get('/svc/panel/early', inGroup).post('/svc/panel/sign-in', groupPost).get('/.well-known/thing', inGroup); };
    })
    .get('/*', catchAll);
  // Addresses outside the prefixes leave the group waiting, and its routes could not have matched them.
  assert.equal(router.prepare('/svc/panelx'), null);
  assert.equal(router.prepare('/svc/api/v1/entries'), null);
  assert.deepEqual(await matched(router, 'GET', '/svc/panelx'), { kind: 'found', handler: catchAll, params: { '*': 'svc/panelx' } });
  assert.deepEqual(await matched(router, 'GET', '/'), { kind: 'found', handler: catchAll, params: { '*': '' } });
  assert.equal(loaded, 0);
  // The first address under a prefix loads it, however it is written; a route added before the group still comes first.
  assert.deepEqual(await matched(router, 'GET', '//svc///panel/early'), { kind: 'found', handler: before, params: {} });
  assert.equal(loaded, 1);
  assert.equal(router.prepare('/svc/panel'), null, 'nothing is waiting any more');
  assert.deepEqual(await matched(router, 'GET', '/svc/panel'), { kind: 'found', handler: inGroup, params: {} });
  assert.deepEqual(await matched(router, 'PUT', '/svc/panel/sign-in'), { kind: 'method_not_allowed', allow: ['GET', 'HEAD', 'POST'] });
  assert.deepEqual(await matched(router, 'POST', '/svc/panel/sign-in'), { kind: 'found', handler: groupPost, params: {} });
  assert.deepEqual(await matched(router, 'GET', '/.well-known/thing'), { kind: 'found', handler: inGroup, params: {} });
  // ...and the routes after it stay after it.
  assert.deepEqual(await matched(router, 'GET', '/svc/panel/other'), { kind: 'found', handler: catchAll, params: { '*': 'svc/panel/other' } });
  assert.equal(loaded, 1);
});

test('the same requests match the same way whether a group was added lazily or at once', async () => {
  const handlers = new Map<string, Handler>();
  const h = (name: string): Handler => { if (!handlers.has(name)) handlers.set(name, () => {}); return handlers.get(name)!; };
  const group = (r: Router) => { r.get('/p/', h('home')).post('/p/x', h('x')).get('/p/e/*', h('e')).get('/q/:id', h('q')); };
  const eager = new Router().get('/a', h('a'));
  group(eager);
  eager.get('/*', h('all'));
  const requests: Array<[string, string]> = [['GET', '/a'], ['GET', '/p'], ['HEAD', '/p/'], ['DELETE', '/p/x'], ['GET', '/p/x'], ['GET', '/p/e/1/2'], ['GET', '/q/7'], ['POST', '/q/7'], ['GET', '/r'], ['POST', '/r']];
  for (const [method, path] of requests) {
    // A new lazy router for each request, so each is the first under its prefix.
    const lazy = new Router().get('/a', h('a')).lazy(['/p', '/q'], async () => group).get('/*', h('all'));
    assert.deepEqual(await matched(lazy, method, path), eager.match(method, path), `${method} ${path}`);
  }
});

test('a lazy group whose route lies outside its prefixes is refused, and one whose code failed to load is tried again', async () => {
  const stray = new Router().lazy(['/svc/panel'], async () => (own) => { own.get('/elsewhere', noop); });
  await assert.rejects(async () => stray.prepare('/svc/panel/'), /registered lazily under \/svc\/panel lies outside them/);
  let attempts = 0;
  const handler: Handler = () => {};
  const flaky = new Router().lazy(['/p'], async () => {
    if (++attempts === 1) throw new Error('could not load');
    return (own) => { own.get('/p/', handler); };
  });
  await assert.rejects(async () => flaky.prepare('/p'), /could not load/);
  assert.deepEqual(await matched(flaky, 'GET', '/p'), { kind: 'found', handler, params: {} });
  assert.equal(attempts, 2);
});
