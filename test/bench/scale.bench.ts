// Cost as the site grows (DESIGN.md section 5 "Lists at any size", "Start", "Freshness", "Memory"): the
// shipped server (`node dist/server.js`, every route, SVC_RATE_LIMITS=off) on generated sites of 1,000,
// 10,000 and 100,000 posts. Every load row stands beside the floor, a bare node:http server answering the same
// bytes, measured in the same run. Also: start to the first `/entries` answer (from the index the first
// start kept in data/cache, and reading every file), the stdio server's first `content_list`, how long a hand
// edit of the newest post on disk takes to show in `/entries`, the CPU the idle server spends keeping fresh
// (over 10 s; freshness.bench.ts measures it longer, with a stdio session beside), resident memory under load,
// and resident memory once a first start from every file settled (also as after an upgrade).
// Run: node --import tsx test/bench/scale.bench.ts; BENCH_SIZES=1000,10000 and BENCH_SECONDS=5 narrow it,
// SVC_BENCH_DIST=<another build's dist/> measures that build instead, BENCH_SITES=<folder> keeps the generated
// sites there and reuses them (their data/ made anew).
import { readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthService } from '../../dist/auth/auth-service.js';
import { benchSite } from './generate-site.ts';
import { buildGet, buildPost, runLoad, type LoadResult } from './keep-alive-load.ts';
import { firstStdioAnswer, fmt, median, rssMb, startFloor, startServer, stopServer, type Started } from './bench-servers.ts';
import { signIn, type PanelHarness } from '../helpers/panel-harness.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** How long to wait for the first server to keep its index before starting the second. */
const KEPT_WAIT_MS = Number(process.env.BENCH_KEPT_WAIT_MS ?? 300_000);
/**
 * After the index was kept: its packing (some 0.4 s at 100,000 posts), the collection that gives pages back,
 * and V8's release of the pages its reader threads' heaps left in its pool, a delayed task some 8 s after
 * they ended (at 10,000 posts 175 MB, then 130).
 */
const SETTLE_MS = 15_000;
/** How long a hand edit may take to show before the row says "over". */
const EDIT_WAIT_MS = Number(process.env.BENCH_EDIT_WAIT_MS ?? 60_000);
const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
/** SVC_BENCH_DIST names another build's dist/ (an earlier commit's, to compare before and after). */
const DIST = process.env.SVC_BENCH_DIST ?? join(REPO, 'dist');
const SERVER_JS = join(DIST, 'server.js');
const STDIO_JS = join(DIST, 'stdio.js');
const BARE_STDIO = `process.stdin.setEncoding('utf8'); let b=''; process.stdin.on('data', d => { b += d; for (let i; (i = b.indexOf('\\n')) >= 0;) { const m = JSON.parse(b.slice(0, i)); b = b.slice(i + 1); if (m.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n'); } });`;
const ENTRIES = '/svc/api/v1/entries?limit=20';

/** rssMb: svc's highest resident memory while this row's load ran (which row makes the process's peak). */
interface Row { name: string; svc: LoadResult; floor: LoadResult; rssMb: number }

async function makeToken(root: string): Promise<string> {
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  const account = await auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
  return auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read'], expiresInDays: null }).token;
}

/** One row: svc and its floor (same bytes, same content type) under the same load, floor first. */
async function measureRow(root: string, name: string, svc: Started, requests: (port: number) => Buffer[], first: Response, rss: { max: number }): Promise<Row> {
  const body = Buffer.from(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`${name}: svc answered ${first.status}: ${body.toString().slice(0, 200)}`);
  const floor = await startFloor(root, name.replace(/\W+/g, '-'), body, first.headers.get('content-type') ?? 'application/octet-stream');
  try {
    const run = async (port: number, durationMs: number) => runLoad({ host: '127.0.0.1', port, requests: requests(port), connections: CONNECTIONS, durationMs });
    await run(floor.port, 1000);
    const floorResult = await run(floor.port, SECONDS * 1000);
    await run(svc.port, 1000);
    let rowMax = rssMb(svc.child.pid!);
    const sampler = setInterval(() => { rowMax = Math.max(rowMax, rssMb(svc.child.pid!)); }, 100);
    const svcResult = await run(svc.port, SECONDS * 1000);
    clearInterval(sampler);
    rss.max = Math.max(rss.max, rowMax);
    return { name, svc: svcResult, floor: floorResult, rssMb: rowMax };
  } finally {
    await stopServer(floor.child);
  }
}

/**
 * Distinct `/entries` keys (limit 10-30 x page x tag), more than the answer cache keeps, each page inside its
 * list, so that nearly every request misses the cache and is answered from the lists.
 */
function uncachedEntries(published: number): string[] {
  const paths: string[] = [];
  for (const tag of ['', 'travel', 'food', 'hiking', 'winter', 'culture', 'lakes']) {
    for (let limit = 10; limit <= 30; limit++) {
      const pages = Math.min(200, Math.ceil((tag ? published / 4 : published) / limit));
      for (let page = 1; page <= pages; page++) paths.push(`/svc/api/v1/entries?limit=${limit}&page=${page}${tag ? `&tag=${tag}` : ''}`);
    }
  }
  return paths;
}

/** ms until a changed title written to disk shows in `list` (a page of `/entries` that holds the entry). */
async function handEdit(root: string, port: number, id: string, list = ENTRIES): Promise<number> {
  const file = join(root, 'content', id, 'en.md');
  const title = `Edited by hand ${Date.now()}`;
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`));
  const started = performance.now();
  while (performance.now() - started < EDIT_WAIT_MS) {
    const text = await (await fetch(`http://127.0.0.1:${port}${list}`)).text();
    if (text.includes(title)) return performance.now() - started;
    await new Promise((done) => setTimeout(done, 25));
  }
  return Infinity;
}

/**
 * The panel's Content list for a signed-in admin (50 rows a page, from the index's lists): pages spread over
 * the whole list by date, the same by title (its order made once per change of the index), and a title
 * search (which reads every title it passes: the full-text index is the way past that).
 */
async function panelListRows(root: string, svc: Started, base: string, published: number, rss: { max: number }): Promise<Row[]> {
  const cookie = (await signIn({ url: base } as PanelHarness, 'bench@example.org', 'bench password 1')).header();
  const pages = Math.max(1, Math.ceil(published / 50));
  const spread = (query: string) => Array.from({ length: 100 }, (_, i) => `/svc/panel/entries?${query}page=${1 + Math.floor((i * (pages - 1)) / 99)}`);
  const row = async (name: string, paths: string[]) => measureRow(root, name, svc, (port) => paths.map((path) => buildGet('127.0.0.1', port, path, { cookie })),
    await fetch(base + paths[paths.length >> 1]!, { headers: { cookie } }), rss);
  return [
    await row('panel list', spread('')),
    await row('panel list by title', spread('sort=title&')),
    await row('panel title search', ['/svc/panel/entries?q=lake']),
  ];
}

/** Starts the server and asks for the first page of `/entries`: ms from spawn to that answer. */
async function startAndList(root: string): Promise<{ svc: Started; ms: number; first: Response }> {
  const started = performance.now();
  const svc = await startServer('svc', [SERVER_JS, '--root', root, '--port', '0'], { SVC_RATE_LIMITS: 'off' });
  const first = await fetch(`http://127.0.0.1:${svc.port}${ENTRIES}`);
  return { svc, ms: performance.now() - started, first };
}

/**
 * Waits until the server has kept its index in data/cache (a moment after it has read every file) and built
 * its search index (searches answer 503 until then), at most BENCH_KEPT_WAIT_MS (a build from before the
 * persisted index keeps none: its second start reads every file). The rows are measured on a server started
 * again, as after any restart, with both kept: stopped before its search index was built, it built it again
 * in its thread while the rows ran (some 50 s at 100,000 posts, 15 MB more resident memory meanwhile).
 */
async function indexKept(root: string, port: number): Promise<void> {
  const file = join(root, 'data/cache/content-index.bin');
  const started = performance.now();
  const searching = async () => (await fetch(`http://127.0.0.1:${port}/svc/api/v1/entries?q=lake&limit=1`)).status === 503;
  while ((!existsSync(file) || await searching()) && performance.now() - started < KEPT_WAIT_MS) await new Promise((done) => setTimeout(done, 100));
}

/** Resident memory a few seconds after the index was kept: its packing and the give-back of pages done. */
async function settledRss(svc: Started): Promise<number> {
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  return rssMb(svc.child.pid!);
}

/** Share of one core the idle server uses over `ms` (the freshness sweep, mostly), from /proc; NaN elsewhere. */
async function idleCpuShare(pid: number, ms: number): Promise<number> {
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch { return NaN; }
  };
  const before = ticks();
  await new Promise((done) => setTimeout(done, ms));
  // Clock ticks are 1/100 s on Linux.
  return ((ticks() - before) * 10) / ms;
}

/**
 * Reads every file below `folder` once, so that the first start reads the site from the page cache, as the
 * floor in docs/decisions.md was measured. A kept bench site (BENCH_SITES) is often out of it: this machine's
 * kernel reclaims pages it judges cold (kdamond), and the start from files at 100,000 posts then measured
 * 9-17 s, the disk's time more than svc's.
 */
function intoPageCache(folder: string): void {
  for (const item of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (item.isFile()) readFileSync(join(item.parentPath, item.name));
  }
}

/**
 * Waits until the server's own work after a start is done (its first sweep, the Content API's row warmer):
 * a second in which it used under 5 % of a core, at most a minute. The floor of the first row runs beside
 * whatever svc still does: at 100,000 posts the home page's floor measured 19,000-22,000 answers a second
 * right after the start against 42,000 for the post page's, and svc 1.4 times its floor.
 */
async function quiet(pid: number): Promise<void> {
  const started = performance.now();
  while (await idleCpuShare(pid, 1000) > 0.05 && performance.now() - started < 60_000);
}

async function benchSize(size: number): Promise<void> {
  const { root, site, kept } = benchSite(size, process.env.BENCH_SITES);
  let svc: Started | undefined;
  try {
    const token = await makeToken(root);
    intoPageCache(join(root, 'content'));
    const cold = await startAndList(root);
    svc = cold.svc;
    await cold.first.arrayBuffer();
    const coldStartMs = cold.ms;
    await indexKept(root, svc.port);
    const settledMb = await settledRss(svc);
    await stopServer(svc.child);
    // A start after an upgrade: the new code reads the content index anew, beside the kept search index.
    rmSync(join(root, 'data/cache/content-index.bin'));
    const upgraded = await startAndList(root);
    svc = upgraded.svc;
    await upgraded.first.arrayBuffer();
    await indexKept(root, svc.port);
    const upgradedMb = await settledRss(svc);
    await stopServer(svc.child);
    const warm = await startAndList(root);
    svc = warm.svc;
    const startMs = warm.ms;
    const firstList = warm.first;
    const listed = JSON.parse(await firstList.clone().text()) as { data: Array<{ id: string; url: string }>; meta: { total: number } };
    if (listed.meta.total !== site.published) throw new Error(`svc listed ${listed.meta.total} of ${site.published} published posts`);
    const newest = listed.data[0]!;
    const postPath = new URL(newest.url).pathname;
    await quiet(svc.child.pid!);
    const rss = { max: rssMb(svc.child.pid!) };
    const get = (path: string) => (port: number) => [buildGet('127.0.0.1', port, path)];
    const base = `http://127.0.0.1:${svc.port}`;
    const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'content_list', arguments: { type: 'post' } } });
    const mcpHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const uncached = uncachedEntries(site.published);
    const rows: Row[] = [
      await measureRow(root, 'home /', svc, get('/'), await fetch(`${base}/`), rss),
      await measureRow(root, 'a post page', svc, get(postPath), await fetch(`${base}${postPath}`), rss),
      await measureRow(root, '/entries cached', svc, get(ENTRIES), await fetch(`${base}${ENTRIES}`), rss),
      await measureRow(root, '/entries uncached', svc, (port) => uncached.map((path) => buildGet('127.0.0.1', port, path)), await fetch(`${base}${uncached[uncached.length >> 1]}`), rss),
      await measureRow(root, '/entry', svc, get(`/svc/api/v1/entry?id=${newest.id}`), await fetch(`${base}/svc/api/v1/entry?id=${newest.id}`), rss),
      await measureRow(root, 'MCP content_list', svc, (port) => [buildPost('127.0.0.1', port, '/svc/mcp', mcpBody, { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream' })],
        await fetch(`${base}/svc/mcp`, { method: 'POST', headers: mcpHeaders, body: mcpBody }), rss),
      ...await panelListRows(root, svc, base, site.published, rss),
    ];
    const idleCpu = await idleCpuShare(svc.child.pid!, 10_000);
    // The newest post is among the entries changed last, which are watched; the tiers of the others (the
    // oldest: within five minutes at 100,000 posts) are freshness.bench.ts's.
    const editMs = await handEdit(root, svc.port, newest.id);
    // The edit is kept in data/cache 2 s after the last change, encoded on this thread.
    const keptEditMb = await settledRss(svc);
    await stopServer(svc.child);
    svc = undefined;
    const call = { name: 'content_list', arguments: { type: 'post' } };
    const stdio: number[] = [], bare: number[] = [];
    for (let i = 0; i < 3; i++) {
      stdio.push(await firstStdioAnswer([process.execPath, STDIO_JS, `--root=${root}`], { SVC_TOKEN: token }, call));
      bare.push(await firstStdioAnswer([process.execPath, '-e', BARE_STDIO], {}, call));
    }
    report(size, rows, { coldStartMs, startMs, editMs, idleCpu, stdioMs: median(stdio), bareMs: median(bare), rssMb: rss.max, settledMb, upgradedMb, keptEditMb });
  } finally {
    if (svc) await stopServer(svc.child);
    if (!kept) rmSync(root, { recursive: true, force: true });
  }
}

function report(size: number, rows: Row[], other: { coldStartMs: number; startMs: number; editMs: number; idleCpu: number; stdioMs: number; bareMs: number; rssMb: number; settledMb: number; upgradedMb: number; keptEditMb: number }): void {
  const lines = [
    '',
    `${fmt(size)} posts (x 2 languages), ${CONNECTIONS} connections, ${SECONDS} s a row`,
    `${'row'.padEnd(20)}${'svc req/s'.padStart(11)}${'p99 ms'.padStart(9)}${'floor req/s'.padStart(13)}${'p99 ms'.padStart(9)}${'share'.padStart(8)}${'svc MB'.padStart(8)}  svc non-2xx/errors`,
    ...rows.map(({ name, svc, floor, rssMb }) => `${name.padEnd(20)}${fmt(svc.rps).padStart(11)}${fmt(svc.p99Ms, 1).padStart(9)}${fmt(floor.rps).padStart(13)}${fmt(floor.p99Ms, 1).padStart(9)}${fmt(svc.rps / floor.rps, 3).padStart(8)}${fmt(rssMb, 1).padStart(8)}  ${JSON.stringify(svc.non2xx)}/${svc.errors}`),
    `start to the first /entries answer: ${fmt(other.startMs)} ms from the persisted index (${fmt(other.coldStartMs)} ms reading every file)`,
    `stdio first content_list: ${fmt(other.stdioMs, 1)} ms (bare echo process ${fmt(other.bareMs, 1)} ms)`,
    `a hand edit shows in /entries after: ${shown(other.editMs)} (the newest post)`,
    `keeping fresh while idle: ${fmt(other.idleCpu * 100, 1)} % of a core`,
    `resident memory under load: ${fmt(other.rssMb, 1)} MB`,
    `resident memory once the hand edit was kept in data/cache: ${fmt(other.keptEditMb, 1)} MB`,
    `resident memory once a first start settled: ${fmt(other.settledMb, 1)} MB (data/ removed), ${fmt(other.upgradedMb, 1)} MB (the content index read anew beside the kept search index, as after an upgrade)`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

function shown(ms: number): string {
  return Number.isFinite(ms) ? `${fmt(ms)} ms` : `more than ${fmt(EDIT_WAIT_MS)} ms`;
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_JS)) throw new Error('build first: make build');
  for (const size of SIZES) await benchSize(size);
}

main().catch((error: Error) => {
  process.stderr.write(`scale bench: ${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
