// What keeping every process fresh costs and how soon changes show (DESIGN.md section 5 "Idle",
// "Freshness"; issue: one change feed): the shipped server (`node dist/server.js`) and a stdio session side by
// side on generated sites of 1,000, 10,000 and 100,000 posts.
// - idle CPU of each over BENCH_IDLE_SECONDS (default 60; the budget's figure is over 300) with no requests;
// - a write through one process visible in the other's lists (stdio -> the server's /entries, HTTP MCP -> the
//   stdio session's content_list): p50 and p99 over BENCH_WRITES writes each way;
// - hand edits, as the server's /entries shows them: the newest post, the oldest post, an entry added, one
//   removed (the oldest may take up to five minutes at 100,000 posts: that is its tier);
// - the first start reading every file, when its search index (built in the background) answers, and
//   resident memory of both at the end. The idle window opens once that index answers.
// Run: node --import tsx test/bench/freshness.bench.ts; BENCH_SIZES=1000 narrows it; BENCH_SITES=<folder>
// keeps the generated sites there and reuses them.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from '../../dist/auth/auth-service.js';
import { benchSite } from './generate-site.ts';
import { fmt, rssMb, startServer, stopServer, type Started } from './bench-servers.ts';
import { spawnStdio, type StdioChild } from '../helpers/stdio-child.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const WRITES = Number(process.env.BENCH_WRITES ?? 30);
/** The oldest entry's tier is five minutes at 100,000 entries: waited for a little longer. */
const EDIT_WAIT_MS = Number(process.env.BENCH_EDIT_WAIT_MS ?? 330_000);
const SITES = process.env.BENCH_SITES;
const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER_JS = join(process.env.SVC_BENCH_DIST ?? join(REPO, 'dist'), 'server.js');

/** Share of one core a process used over `ms`, from /proc (NaN elsewhere). */
async function cpuShare(pids: number[], ms: number): Promise<number[]> {
  const ticks = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch { return NaN; }
  };
  const before = pids.map(ticks);
  await new Promise((done) => setTimeout(done, ms));
  return pids.map((pid, i) => ((ticks(pid) - before[i]!) * 10) / ms);
}

/** ms until `shows()` holds, asked every 5 ms (Infinity past `limitMs`). */
async function until(shows: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await shows()) return performance.now() - started;
    await new Promise((done) => setTimeout(done, 5));
  }
  return Infinity;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function benchSize(size: number): Promise<void> {
  const site = benchSite(size, SITES);
  const { root } = site;
  let server: Started | undefined;
  let stdio: StdioChild | undefined;
  try {
    const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
    const account = await auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
    const token = auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
    const started = performance.now();
    server = await startServer('svc', [SERVER_JS, '--root', root, '--port', '0'], { SVC_RATE_LIMITS: 'off' });
    const base = `http://127.0.0.1:${server.port}`;
    const entries = async (query = 'limit=100') => (await (await fetch(`${base}/svc/api/v1/entries?${query}`)).json()) as { data: Array<{ id: string; title: string }>; meta: { total: number } };
    const first = await entries();
    const coldStartMs = performance.now() - started;
    stdio = spawnStdio([`--root=${root}`, `--token=${token}`]);
    await stdio.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    const list = async () => (await stdio!.request('tools/call', { name: 'content_list', arguments: { type: 'post', status: 'published', language: 'en', limit: 100 } })).result.structuredContent.entries as Array<{ title: string }>;
    await list();
    const overHttp = async (args: Record<string, unknown>) => fetch(`${base}/svc/mcp`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'content_update', arguments: args } }),
    }).then((response) => response.json());
    // A first start then builds the search index in the background (some 40 s at 100,000 posts): that is
    // the start's work, shown with its progress, not the cost of keeping fresh, so the idle window opens once
    // a search answers (503 until then).
    const searchReadyMs = await until(async () => (await fetch(`${base}/svc/api/v1/entries?q=bench&limit=1`)).status === 200, EDIT_WAIT_MS);
    // Both have built their indexes and swept once: now nothing happens.
    await new Promise((done) => setTimeout(done, 5_000));
    const [serverIdle, stdioIdle] = await cpuShare([server.child.pid!, stdio.child.pid!], IDLE_SECONDS * 1000);

    const newest = first.data[0]!;
    const toServer: number[] = [];
    const toStdio: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const viaStdio = `Written over stdio ${i}`;
      await stdio.request('tools/call', { name: 'content_update', arguments: { id: newest.id, language: 'en', title: viaStdio } });
      toServer.push(await until(async () => (await entries('limit=20')).data.some((row) => row.title === viaStdio), 10_000));
      const viaHttp = `Written over HTTP ${i}`;
      await overHttp({ id: newest.id, language: 'en', title: viaHttp });
      toStdio.push(await until(async () => (await list()).some((row) => row.title === viaHttp), 10_000));
    }

    const handEdit = async (id: string, query: string) => {
      const file = join(root, 'content', id, 'en.md');
      const title = `Edited by hand ${Date.now()}`;
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
      return until(async () => (await entries(query)).data.some((row) => row.title === title), EDIT_WAIT_MS);
    };
    const newestMs = await handEdit(newest.id, 'limit=20');
    const lastPage = `limit=20&page=${Math.ceil(first.meta.total / 20)}`;
    const oldest = (await entries(lastPage)).data.at(-1)!;
    const addedId = `${newest.id}-copy`;
    cpSync(join(root, 'content', newest.id), join(root, 'content', addedId), { recursive: true });
    const addedMs = await until(async () => (await entries()).data.some((row) => row.id === addedId), EDIT_WAIT_MS);
    rmSync(join(root, 'content', addedId), { recursive: true });
    const removedMs = await until(async () => !(await entries()).data.some((row) => row.id === addedId), EDIT_WAIT_MS);
    const oldestMs = await handEdit(oldest.id, lastPage);
    const shown = (ms: number) => (Number.isFinite(ms) ? `${fmt(ms)} ms` : `over ${fmt(EDIT_WAIT_MS)} ms`);
    process.stdout.write([
      '',
      `${fmt(size)} posts (x 2 languages)`,
      `idle over ${IDLE_SECONDS} s: server ${fmt(serverIdle * 100, 2)} % of a core, stdio session ${fmt(stdioIdle * 100, 2)} %`,
      `a write shows in the other process (p50 / p99 of ${WRITES}): stdio -> server /entries ${fmt(percentile(toServer, 0.5), 1)} / ${fmt(percentile(toServer, 0.99), 1)} ms; HTTP -> stdio content_list ${fmt(percentile(toStdio, 0.5), 1)} / ${fmt(percentile(toStdio, 0.99), 1)} ms`,
      `a hand edit shows in the server's /entries: newest ${shown(newestMs)}, oldest ${shown(oldestMs)}, added ${shown(addedMs)}, removed ${shown(removedMs)}`,
      `first start reading every file, to the first /entries: ${fmt(coldStartMs)} ms; the search index answered ${shown(searchReadyMs)} after the stdio session's first list`,
      `resident memory at the end: server ${fmt(rssMb(server.child.pid!), 1)} MB, stdio session ${fmt(rssMb(stdio.child.pid!), 1)} MB`,
    ].join('\n') + '\n');
  } finally {
    if (stdio) await stdio.exit();
    if (server) await stopServer(server.child);
    if (!site.kept) rmSync(root, { recursive: true, force: true });
  }
}

if (!existsSync(SERVER_JS)) throw new Error('build first: make build');
for (const size of SIZES) await benchSize(size);
