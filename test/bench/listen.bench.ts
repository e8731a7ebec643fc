// Being told of changes (issue "Assistants see what they make and hear what changes", budgets), against the
// shipped server (`node dist/server.js`) on a generated site of BENCH_LISTEN_POSTS posts (default 100,000):
// - a change notified to 100 listeners (subscriptions/listen over HTTP, 10 people x 10 listens, each
//   following the same entry) within 200 ms p99 of the write (an HTTP MCP content_update), over
//   BENCH_LISTEN_WRITES writes;
// - 1,000 idle listeners (100 people x 10, each following svc://site) cost under 20 MB of the server's
//   resident memory, and no CPU over BENCH_LISTEN_IDLE_SECONDS (default 30) while nothing changes.
// Run: node --import tsx test/bench/listen.bench.ts; BENCH_SITES=<folder> keeps the generated site.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from '../../dist/auth/auth-service.js';
import { LISTENERS_PER_PERSON } from '../../dist/mcp/subscriptions/limits.js';
import { benchSite } from './generate-site.ts';
import { fmt, rssMb, startServer, stopServer, type Started } from './bench-servers.ts';
import { openListen, type ListenStream } from '../helpers/mcp-listen.ts';

const POSTS = Number(process.env.BENCH_LISTEN_POSTS ?? 100_000);
const WRITES = Number(process.env.BENCH_LISTEN_WRITES ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_LISTEN_IDLE_SECONDS ?? 30);
const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER_JS = join(process.env.SVC_BENCH_DIST ?? join(REPO, 'dist'), 'server.js');

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** Share of one core the process used over `ms` (Linux /proc; NaN elsewhere). */
async function cpuShare(pid: number, ms: number): Promise<number> {
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch { return NaN; }
  };
  const before = ticks();
  await new Promise((done) => setTimeout(done, ms));
  return ((ticks() - before) * 10) / ms;
}

/** Tokens of `people` people (LISTENERS_PER_PERSON listens each), made before the server starts. */
async function tokensOf(auth: AuthService, people: number, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < people; i++) {
    const account = await auth.accounts.create({ name: `${prefix} ${i}`, email: `${prefix}-${i}@example.org`, role: 'admin', password: 'bench password 1' });
    tokens.push(auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read', 'content:write'], expiresInDays: null }).token);
  }
  return tokens;
}

async function openMany(url: string, tokens: string[], notifications: unknown): Promise<ListenStream[]> {
  const streams: ListenStream[] = [];
  for (const token of tokens) {
    const batch = await Promise.all(Array.from({ length: LISTENERS_PER_PERSON }, () => openListen(url, token, notifications)));
    for (const stream of batch) {
      if (stream.json) throw new Error(`a listen was refused: ${JSON.stringify(stream.json)}`);
      await stream.next(30_000);
    }
    streams.push(...batch);
  }
  return streams;
}

if (!existsSync(SERVER_JS)) throw new Error('build first: make build');
const { root, kept } = benchSite(POSTS, process.env.BENCH_SITES);
let server: Started | undefined;
const open: ListenStream[] = [];
try {
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  const writers = await tokensOf(auth, 1, 'writer');
  const busy = await tokensOf(auth, 100 / LISTENERS_PER_PERSON, 'busy');
  const idle = await tokensOf(auth, 1000 / LISTENERS_PER_PERSON, 'idle');
  server = await startServer('svc', [SERVER_JS, '--root', root, '--port', '0', '--max-connections', '4000'], { SVC_RATE_LIMITS: 'off' });
  const base = `http://127.0.0.1:${server.port}`;
  const url = `${base}/svc/mcp`;
  const newest = ((await (await fetch(`${base}/svc/api/v1/entries?limit=1`)).json()) as { data: Array<{ id: string }> }).data[0]!.id;
  // The site starts without data/ (benchSite), so the server builds its search index in the background (a
  // thread busy for some 35 s at 100,000 posts): the first start's work, not the listeners'. They are
  // measured once a search answers (503 until then), as the freshness bench does.
  const started = performance.now();
  while ((await fetch(`${base}/svc/api/v1/entries?q=bench&limit=1`)).status !== 200) {
    if (performance.now() - started > 300_000) throw new Error('the search index was not built within 5 minutes');
    await new Promise((done) => setTimeout(done, 500));
  }

  // 100 listeners of one entry; each write's notification timed from just before the write is sent.
  const hundred = await openMany(url, busy, { resourceSubscriptions: [`svc://entry/${newest}`] });
  open.push(...hundred);
  const latencies: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const sent = performance.now();
    const arrived = hundred.map((stream) => stream.next(10_000).then(() => performance.now() - sent, () => Infinity));
    await fetch(url, {
      method: 'POST', headers: { authorization: `Bearer ${writers[0]}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'content_update', arguments: { id: newest, language: 'en', title: `Told ${i}` } } }),
    }).then((response) => response.text());
    latencies.push(...(await Promise.all(arrived)));
  }
  for (const stream of hundred) stream.close();
  open.length = 0;
  await new Promise((done) => setTimeout(done, 2_000));

  // 1,000 idle listeners: the server's memory before and after, then its CPU while nothing changes.
  const before = rssMb(server.child.pid!);
  open.push(...(await openMany(url, idle, { resourceSubscriptions: ['svc://site'] })));
  await new Promise((done) => setTimeout(done, 3_000));
  const after = rssMb(server.child.pid!);
  const idleCpu = await cpuShare(server.child.pid!, IDLE_SECONDS * 1000);

  const p99 = percentile(latencies, 0.99);
  process.stdout.write([
    '',
    `listeners, ${fmt(POSTS)} posts`,
    `a write told to 100 listeners (${fmt(latencies.length)} notifications): p50 ${fmt(percentile(latencies, 0.5), 1)} ms, p99 ${fmt(p99, 1)} ms (budget 200 ms) ${p99 <= 200 ? 'ok' : 'OVER'}`,
    `1,000 idle listeners: ${fmt(after - before, 1)} MB more resident memory (budget 20 MB) ${after - before < 20 ? 'ok' : 'OVER'}; ${fmt(idleCpu * 100, 2)} % of a core over ${IDLE_SECONDS} s`,
  ].join('\n') + '\n');
  if (p99 > 200 || after - before >= 20) process.exitCode = 1;
} finally {
  for (const stream of open) stream.close();
  if (server) await stopServer(server.child);
  if (!kept) rmSync(root, { recursive: true, force: true });
}
