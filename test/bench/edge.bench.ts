// The budgets of "Beyond one machine" (issue 33; DESIGN.md section 6), through the shipped Varnish
// (deploy/varnish/svc.vcl) in front of the shipped server on a generated site (BENCH_EDGE_SIZE, default
// 100,000 posts), side by side in one run:
// - hits: home, a post page and /entries through Varnish, against Varnish serving a static file of the same
//   size from a floor server in the same run (budget: at least 0.8 of it);
// - origin requests after one publish: of a set of warmed pages, which went back to svc (Varnish's
//   MAIN.backend_req and each page's x-cache): only the pages and lists the change touches;
// - a publish visible through the cache: p50 / p99 of BENCH_EDGE_PUBLISHES updates (budget: p99 under 1 s);
// - a write's latency (content_update over MCP) with no webhook endpoint, and with 10 endpoints of which one
//   never answers: p50 / p99 of BENCH_EDGE_WRITES each (budget: the same; delivery is never on the path).
//   The endpoints stand for other machines: their receiver runs in a thread of its own, not on the server's.
// Run: node --import tsx test/bench/edge.bench.ts (needs varnishd and varnish-modules).
import { execFileSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from '../../dist/auth/auth-service.js';
import { benchSite } from './generate-site.ts';
import { fmt, startFloor, startServer, stopServer, type Started } from './bench-servers.ts';
import { buildGet, runLoad } from './keep-alive-load.ts';
import { findVarnishd, freePort, startVarnish, type RunningVarnish } from '../helpers/varnish.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { WebhookAdmin } from '../../dist/edge/webhook-admin.js';
import { startWebhooks } from '../../dist/wiring/start-webhooks.js';

const SIZE = Number(process.env.BENCH_EDGE_SIZE ?? 100_000);
const SECONDS = Number(process.env.BENCH_EDGE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_EDGE_CONNECTIONS ?? 32);
const PUBLISHES = Number(process.env.BENCH_EDGE_PUBLISHES ?? 30);
const WRITES = Number(process.env.BENCH_EDGE_WRITES ?? 200);
const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER_JS = join(process.env.SVC_BENCH_DIST ?? join(REPO, 'dist'), 'server.js');
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function mcp(base: string, token: string, name: string, args: Record<string, unknown>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/svc/mcp`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const result = (await res.json()).result;
  if (!result || result.isError) throw new Error(`${name}: ${JSON.stringify(result)}`);
  return performance.now() - started;
}

function backendRequests(varnish: RunningVarnish): number {
  const out = execFileSync('varnishstat', ['-n', varnish.workDir, '-1', '-f', 'MAIN.backend_req'], { encoding: 'utf8' });
  return Number(/MAIN\.backend_req\s+(\d+)/.exec(out)?.[1] ?? NaN);
}

async function throughCache(varnishd: string): Promise<void> {
  const { root, site } = benchSite(SIZE, process.env.BENCH_SITES);
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  const account = await auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
  const token = auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
  const cachePort = await freePort();
  let server: Started | undefined;
  let varnish: RunningVarnish | undefined;
  const floors: Started[] = [];
  const floorCaches: RunningVarnish[] = [];
  try {
    server = await startServer('svc', [SERVER_JS, '--root', root, '--port', '0'], { SVC_RATE_LIMITS: 'off', SVC_PURGE: `varnish=http://127.0.0.1:${cachePort}` });
    const origin = `http://127.0.0.1:${server.port}`;
    varnish = await startVarnish(varnishd, cachePort, [server.port]);
    const list = (await (await fetch(`${origin}/svc/api/v1/entries?limit=20`)).json()) as { data: Array<{ id: string; url: string }> };
    const post = new URL(list.data[5]!.url).pathname;
    process.stdout.write(`${fmt(site.entries)} entries (${fmt(site.published)} published), through Varnish ${SECONDS} s each, ${CONNECTIONS} connections\n`);
    for (const path of ['/', post, '/svc/api/v1/entries']) {
      const first = await fetch(`${origin}${path}`);
      const body = Buffer.from(await first.arrayBuffer());
      const floor = await startFloor(root, `edge-${floors.length}`, body, first.headers.get('content-type') ?? 'text/html');
      floors.push(floor);
      const floorCache = await startVarnish(varnishd, await freePort(), [floor.port]);
      floorCaches.push(floorCache);
      const load = (port: number) => runLoad({ host: '127.0.0.1', port, requests: [buildGet('127.0.0.1', port, path)], connections: CONNECTIONS, durationMs: SECONDS * 1000 });
      await load(cachePort);
      await load(floorCache.port);
      const svc = await load(cachePort);
      const file = await load(floorCache.port);
      process.stdout.write(`  ${path.padEnd(24)} ${fmt(body.length)} B: svc ${fmt(svc.rps)}/s (p99 ${fmt(svc.p99Ms, 1)} ms), static ${fmt(file.rps)}/s: ${fmt(svc.rps / file.rps, 2)} of it (budget 0.8)\n`);
    }

    // Which warmed pages go back to svc after one publish.
    const warmed = ['/', '/?page=2', post, '/tag', '/sitemap.xml', '/feed.xml', '/svc/api/v1/entries', '/svc/api/v1/site', ...list.data.slice(6, 16).map((row) => new URL(row.url).pathname)];
    for (const path of warmed) { await fetch(`${varnish.url}${path}`); await fetch(`${varnish.url}${path}`); }
    const before = backendRequests(varnish);
    const draft = (await (await fetch(`${origin}/svc/api/v1/entries?status=draft&limit=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: Array<{ id: string }> };
    await mcp(origin, token, 'content_publish', { id: draft.data[0]!.id });
    await new Promise((done) => setTimeout(done, 1000));
    const missed: string[] = [];
    for (const path of warmed) if ((await fetch(`${varnish.url}${path}`)).headers.get('x-cache') !== 'hit') missed.push(path);
    process.stdout.write(`  after one publish: ${backendRequests(varnish) - before} of ${warmed.length} warmed answers went back to svc: ${missed.join(' ')}\n`);

    // A change visible through the cache.
    const times: number[] = [];
    for (let i = 0; i < PUBLISHES; i++) {
      const title = `Bench title ${i} ${Date.now()}`;
      const started = performance.now();
      await mcp(origin, token, 'content_update', { id: list.data[5]!.id, title });
      while (!(await (await fetch(`${varnish.url}${post}`)).text()).includes(title)) await new Promise((done) => setTimeout(done, 2));
      times.push(performance.now() - started);
    }
    process.stdout.write(`  a change visible through the cache: p50 ${fmt(percentile(times, 0.5), 1)} ms, p99 ${fmt(percentile(times, 0.99), 1)} ms (budget: p99 under 1,000 ms)\n`);
  } finally {
    for (const cache of floorCaches) await cache.stop();
    for (const floor of floors) await stopServer(floor.child);
    await varnish?.stop();
    if (server) await stopServer(server.child);
  }
}

/** content_update latency with no endpoint, then with 10 (one never answers), in one process as the server runs them. */
async function writesWithWebhooks(): Promise<void> {
  const { root } = benchSite(1000, process.env.BENCH_SITES);
  const server = await startTestServer(root, { rateLimits: false });
  const receiver = new Worker(`
    const { createServer } = require('node:http');
    const { parentPort } = require('node:worker_threads');
    let received = 0;
    const receiver = createServer((req, res) => {
      if (req.url === '/down') return;
      req.resume();
      req.on('end', () => { received++; res.writeHead(204); res.end(); });
    });
    receiver.listen(0, '127.0.0.1', () => parentPort.postMessage(receiver.address().port));
    parentPort.on('message', () => parentPort.postMessage(received));
  `, { eval: true });
  const received = () => new Promise<number>((done) => { receiver.once('message', done); receiver.postMessage('count'); });
  const hooks = `http://127.0.0.1:${await new Promise<number>((done) => receiver.once('message', done))}`;
  server.deps.webhooks = new WebhookAdmin(join(root, 'data'), Date.now, true);
  const account = await server.deps.auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
  const token = server.deps.auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
  const dispatcher = startWebhooks(server.deps);
  try {
    const list = (await (await fetch(`${server.url}/svc/api/v1/entries?limit=1`)).json()) as { data: Array<{ id: string }> };
    const id = list.data[0]!.id;
    const run = async (label: string) => {
      const times: number[] = [];
      for (let i = 0; i < WRITES; i++) times.push(await mcp(server.url, token, 'content_update', { id, title: `${label} ${i}` }));
      return times;
    };
    const without = await run('Without endpoints');
    for (let i = 0; i < 10; i++) server.deps.webhooks.create({ url: `${hooks}/${i === 0 ? 'down' : `up-${i}`}`, events: ['entry.updated'], filters: {}, drafts: true });
    // Timed once delivery runs (a thread starts for the first endpoint): the budget is the steady state.
    while (!dispatcher?.isSending) await new Promise((done) => setTimeout(done, 10));
    const withTen = await run('With ten endpoints');
    const delivered = await received();
    process.stdout.write(`write (content_update over MCP) p50 / p99: no endpoint ${fmt(percentile(without, 0.5), 1)} / ${fmt(percentile(without, 0.99), 1)} ms; 10 endpoints, one down ${fmt(percentile(withTen, 0.5), 1)} / ${fmt(percentile(withTen, 0.99), 1)} ms (${fmt(delivered)} of ${fmt(9 * WRITES)} messages delivered as the writes ended)\n`);
  } finally {
    await dispatcher?.stop();
    await receiver.terminate();
    await server.close();
  }
}

// BENCH_EDGE=writes runs the write rows alone (BENCH_EDGE=cache the cache rows alone).
const parts = process.env.BENCH_EDGE ?? 'cache,writes';
const varnishd = findVarnishd();
if (parts.includes('cache')) {
  if (varnishd === null) process.stdout.write('varnishd is not installed: the cache rows are left out (apt-get install varnish varnish-modules)\n');
  else await throughCache(varnishd);
}
if (parts.includes('writes')) await writesWithWebhooks();
