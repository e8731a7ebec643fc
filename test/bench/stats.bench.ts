// Statistics benchmark (DESIGN.md section 5), two parts in one run:
// 1. Collect throughput: the real server (child process) takes beacon page views over keep-alive
//    connections; then the day is rolled up from its raw log with the rollup code and every page view the
//    client saw accepted (204) must be counted ("no loss").
// 2. A 400-day stats_query over 10 million generated page views (past days made page view by page view and
//    counted into rollups and visit tables, raw lines for the last few days and today), unfiltered and
//    filtered, against the same question answered by scanning raw logs.
//    The scan is measured over the raw days and extrapolated to all page views (the raw logs of 10 million
//    page views would be ~1.5 GB; retention keeps 35 days of them anyway). Budget: query under 100 ms.
// 3. Today (stats-today.ts): a start with a 50 MB raw log for today against one without, and stats_overview
//    for today after 300,000 visitors.
// Run: node --import tsx test/bench/stats.bench.ts [--seconds 5] [--connections 16] [--pageviews 10000000] [--raw-days 4]
//      [--today-visitors 300000] [--today-log-pageviews 200000] [--parts collect,query,today] [--keep]
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runLoad } from './keep-alive-load.ts';
import { todayPart } from './stats-today.ts';
import { ContentStore } from '../../dist/content/store.js';
import { loadConfig } from '../../dist/config.js';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { rollupDay } from '../../dist/stats/store/catch-up.js';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { statsQuery } from '../../dist/stats/dimension-query.js';
import { parseFilters } from '../../dist/stats/stats-filters.js';
import { addDays } from '../../dist/lib/day-math.js';
import type { PageviewLine, RawLine } from '../../src/stats/store/raw-event.ts';

const QUERY_BUDGET_MS = 100;
/** Sets of filters clicked one after another (values the seeded traffic has), each new to the process. */
const NEW_FILTER_SETS = [['device:mobile', 'source:google.com'], ['country:US'], ['browser:Chrome 131', 'os:Windows 10'], ['page:/'], ['language:de', 'device:desktop']];
const PAGE_FILTER_SETS = [['device:tablet'], ['source:(direct)', 'country:AT'], ['os:iOS 18']];
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    pageviews: { type: 'string', default: '10000000' },
    'raw-days': { type: 'string', default: '4' },
    'today-visitors': { type: 'string', default: '300000' },
    'today-log-pageviews': { type: 'string', default: '200000' },
    parts: { type: 'string', default: 'collect,query,today' },
    keep: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds), connections = Number(values.connections);
const totalPageviews = Number(values.pageviews), rawDays = Number(values['raw-days']);
const repo = resolve(fileURLToPath(import.meta.url), '../../..');
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a');
const say = (line: string) => process.stdout.write(`stats.bench: ${line}\n`);

// The floor: a bare node:http server that reads the body and answers 204, nothing else.
const FLOOR = `require('node:http').createServer((req, res) => { req.resume(); req.on('end', () => { res.writeHead(204); res.end(); }); })
  .listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;

function startServer(root: string | null): Promise<{ child: ChildProcess; port: number }> {
  const dist = join(repo, 'dist/server.js');
  const svc = existsSync(dist) ? [dist] : ['--import', 'tsx', join(repo, 'src/server.ts')];
  const args = root === null ? ['-e', FLOOR] : [...svc, '--root', root, '--port', '0', '--trust-proxy'];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: repo });
    let out = '';
    const timer = setTimeout(() => { child.kill(); fail(new Error(`the server printed no address:\n${out}`)); }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) { clearTimeout(timer); done({ child, port: Number(match[1]) }); }
    });
    child.stderr!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('exit', (code) => { clearTimeout(timer); fail(new Error(`the server exited with ${code}:\n${out}`)); });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/** Beacon requests from many visitors (X-Forwarded-For, user agents) over the site's paths. */
function collectRequests(port: number, paths: string[]): Buffer[] {
  return Array.from({ length: 4096 }, (_, k) => {
    const body = JSON.stringify({ t: 'pv', p: paths[k % paths.length], r: k % 3 === 0 ? 'https://www.google.com/' : '', w: 360 + (k % 5) * 300, z: 'Europe/Berlin', l: 'de-DE' });
    const head = [
      'POST /svc/collect HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Content-Type: text/plain;charset=UTF-8',
      `User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:${120 + (k % 13)}.0) Gecko/20100101 Firefox/${120 + (k % 13)}.0`,
      `X-Forwarded-For: 10.${(k >> 8) & 255}.${k & 255}.7`, 'Sec-Fetch-Mode: no-cors', `Content-Length: ${Buffer.byteLength(body)}`,
    ];
    return Buffer.from(head.join('\r\n') + '\r\n\r\n' + body, 'latin1');
  });
}

async function collectPart(root: string): Promise<string[]> {
  const config = loadConfig(['--root', root]);
  const content = new ContentStore({ root, clock: Date.now, log: () => {} });
  const paths = content.entries().flatMap((entry) => [...entry.translations.values()].map((t) => t.path));
  const lines: string[] = [];
  const floor = await startServer(null);
  const floorRequests = collectRequests(floor.port, paths);
  await runLoad({ host: '127.0.0.1', port: floor.port, requests: floorRequests, connections, durationMs: 1000 });
  const floorResult = await runLoad({ host: '127.0.0.1', port: floor.port, requests: floorRequests, connections, durationMs: seconds * 1000 });
  await stopServer(floor.child);
  const server = await startServer(root);
  try {
    const requests = collectRequests(server.port, paths);
    await runLoad({ host: '127.0.0.1', port: server.port, requests, connections, durationMs: 1000 }); // warm-up (counted too)
    const stats = createStatsService(config, content, Date.now);
    const dayBefore = stats.today();
    const before = rollupDay(stats.files, dayBefore, stats.timeZone).pageviews;
    const result = await runLoad({ host: '127.0.0.1', port: server.port, requests, connections, durationMs: seconds * 1000 });
    await stopServer(server.child);
    const accepted = result.requests - Object.values(result.non2xx).reduce((a, b) => a + b, 0);
    const dayAfter = stats.today();
    let counted = rollupDay(stats.files, dayBefore, stats.timeZone).pageviews - before;
    if (dayAfter !== dayBefore) counted += rollupDay(stats.files, dayAfter, stats.timeZone).pageviews;
    const lost = accepted - counted;
    lines.push(
      `collect: ${fmt(result.rps)} page views/s over ${connections} keep-alive connections for ${seconds} s (p50 ${fmt(result.p50Ms, 2)} ms, p99 ${fmt(result.p99Ms, 2)} ms); floor (bare node:http answering 204) ${fmt(floorResult.rps)}/s: ${fmt((100 * result.rps) / floorResult.rps)} %`,
      `collect: accepted ${fmt(accepted)} (204), counted in the rollup ${fmt(counted)}, lost ${fmt(Math.max(0, lost))}, non-2xx ${JSON.stringify(result.non2xx)}, errors ${result.errors}  ${lost <= 0 ? 'OK' : 'LOSS'}`,
    );
    stats.close();
    if (lost > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    await stopServer(server.child);
  }
  return lines;
}

/** The same question as stats_query (pages: visitors = daily-unique per page, summed; page views) by scanning raw logs. */
function scanRawLogs(files: string[]): { pageviews: number; rows: [string, number, number][] } {
  const pages = new Map<string, { pv: number; visitors: number }>();
  let pageviews = 0;
  for (const file of files) {
    const seen = new Map<string, Set<string>>();
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (!text) continue;
      const line = JSON.parse(text) as RawLine;
      if (line.k !== 'pv') continue;
      const pv = line as PageviewLine;
      pageviews++;
      const page = pages.get(pv.p) ?? { pv: 0, visitors: 0 };
      page.pv++;
      let set = seen.get(pv.p);
      if (!set) seen.set(pv.p, (set = new Set()));
      if (!set.has(pv.v)) { set.add(pv.v); page.visitors++; }
      pages.set(pv.p, page);
    }
  }
  const rows = [...pages.entries()].map(([path, p]): [string, number, number] => [path, p.visitors, p.pv]).sort((a, b) => b[1] - a[1] || b[2] - a[2]).slice(0, 20);
  return { pageviews, rows };
}

function queryPart(root: string): string[] {
  const config = loadConfig(['--root', root, '--data', join(root, 'data-query')]);
  const content = new ContentStore({ root, clock: Date.now, log: () => {} });
  const generator = createStatsService(config, content, Date.now);
  let t = performance.now();
  const seeded = seedStats(generator, content, { days: 400, pageviewsPerDay: Math.ceil(totalPageviews / 399), extraPages: 500, rawDays, rollUpRaw: false, seed: 7 });
  const generateMs = performance.now() - t;
  const today = generator.today();
  const rawFiles = Array.from({ length: rawDays }, (_, i) => generator.files.rawPath(addDays(today, -1 - i))).filter(existsSync);
  t = performance.now();
  const scan = scanRawLogs(rawFiles);
  const scanMs = performance.now() - t;
  generator.catchUp(); // the raw days become rollups, like real traffic
  generator.close();
  // The generator wrote every visit table through its own cache; a server would not hold them twice.
  generator.files.forget();

  // A fresh service: nothing cached, as for the first question after a start.
  const stats = createStatsService(config, content, Date.now);
  const question = { from: addDays(today, -399), to: today, dimension: 'pages' as const, limit: 20 };
  t = performance.now();
  const cold = statsQuery(stats, content, question);
  const coldMs = performance.now() - t;
  // A server warms up at start (catch-up + today's log); its first question then reads only rollup files.
  const started = createStatsService(config, content, Date.now);
  t = performance.now();
  started.warmUp();
  const warmUpMs = performance.now() - t;
  t = performance.now();
  statsQuery(started, content, question);
  const afterWarmUpMs = performance.now() - t;
  started.close();
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) { t = performance.now(); statsQuery(stats, content, question); warm.push(performance.now() - t); }
  warm.sort((a, b) => a - b);
  const days: number[] = [];
  for (let i = 0; i < 3; i++) { t = performance.now(); statsQuery(stats, content, { ...question, dimension: 'referrers' }); days.push(performance.now() - t); }
  // The same range filtered (visit tables, stats-filters.ts): a fresh process's first answer reads the
  // tables; asked again, finished months are counted already. A person clicking filters on the statistics
  // page asks a new set each time, so the budget is judged on sets new to the process, each asked once:
  // stats_query's one dimension, and the page's count of every dimension beside it.
  const filtered = { ...question, filters: parseFilters(['country:DE']) };
  const fresh = createStatsService(config, content, Date.now);
  t = performance.now();
  const firstFiltered = statsQuery(fresh, content, filtered);
  const filteredColdMs = performance.now() - t;
  const again: number[] = [];
  for (let i = 0; i < 5; i++) { t = performance.now(); statsQuery(fresh, content, filtered); again.push(performance.now() - t); }
  again.sort((a, b) => a - b);
  const newSets: { filters: string; ms: number; pageviews: number }[] = [];
  for (const set of NEW_FILTER_SETS) {
    t = performance.now();
    const answer = statsQuery(fresh, content, { ...question, filters: parseFilters(set) });
    newSets.push({ filters: set.join(' + '), ms: performance.now() - t, pageviews: answer.pageviews });
  }
  const byTime = [...newSets].sort((a, b) => a.ms - b.ms);
  const newMedian = byTime[Math.floor(byTime.length / 2)]!, newSlowest = byTime[byTime.length - 1]!;
  const everyPart: number[] = [];
  for (const set of PAGE_FILTER_SETS) { t = performance.now(); fresh.filtered(question.from, question.to, parseFilters(set)); everyPart.push(performance.now() - t); }
  everyPart.sort((a, b) => a - b);
  fresh.close();
  // The same sets on one core (SVC_STATS_THREAD=off), in a service of their own with the tables read
  // first, so the gain of the second counting thread shows beside them in the same run.
  process.env.SVC_STATS_THREAD = 'off';
  const oneCore = createStatsService(config, content, Date.now);
  delete process.env.SVC_STATS_THREAD;
  oneCore.filtered(question.from, question.to, parseFilters(['country:DE']));
  const oneCoreMs = NEW_FILTER_SETS.map((set) => { t = performance.now(); statsQuery(oneCore, content, { ...question, filters: parseFilters(set) }); return performance.now() - t; });
  oneCore.close();
  const oneCoreMedian = [...oneCoreMs].sort((a, b) => a - b)[Math.floor(oneCoreMs.length / 2)]!;
  const filteredBudget = newMedian.ms < QUERY_BUDGET_MS;
  if (!filteredBudget) process.exitCode = 1;
  const todayLines = existsSync(stats.files.rawPath(today)) ? readFileSync(stats.files.rawPath(today), 'utf8').split('\n').length - 1 : 0;
  const extrapolatedMs = scanMs * (cold.pageviews / Math.max(1, scan.pageviews));
  // The budget is judged in a running server (today's log already counted in memory, as it is from the
  // first beacon on); the first answer of a fresh process also reads today's raw log once and is shown too.
  const budget = warm[2]! < QUERY_BUDGET_MS;
  if (!budget) process.exitCode = 1;
  stats.close();
  return [
    `query: generated ${fmt(seeded.pageviews)} page views over 400 days and today on ${fmt(seeded.paths)} pages in ${fmt(generateMs)} ms (rollups for ${fmt(400 - rawDays)} days, ${fmt(seeded.rawLines)} raw lines for ${rawDays} days and today)`,
    `query: stats_query ${question.from}..${question.to} dimension pages over ${fmt(cold.pageviews)} page views: ${fmt(warm[2]!, 1)} ms median in a running process (referrers ${fmt(days[1]!, 1)} ms)  budget < ${QUERY_BUDGET_MS} ms: ${budget ? 'OK' : 'OVER'}`,
    `query: filtered by a set of filters new to a running process (${newSets.map((n) => `${n.filters} ${fmt(n.ms, 1)} ms`).join(', ')}): ${fmt(newMedian.ms, 1)} ms median, slowest ${fmt(newSlowest.ms, 1)} ms (${newSlowest.filters}, ${fmt(newSlowest.pageviews)} page views match)  budget < ${QUERY_BUDGET_MS} ms: ${filteredBudget ? 'OK' : 'OVER'}`,
    `query: the same sets on one core (SVC_STATS_THREAD=off, a service of its own): ${NEW_FILTER_SETS.map((set, i) => `${set.join(' + ')} ${fmt(oneCoreMs[i]!, 1)} ms`).join(', ')}: ${fmt(oneCoreMedian, 1)} ms median`,
    `query: the statistics page's count of every dimension for a new set (${PAGE_FILTER_SETS.map((set) => set.join(' + ')).join(', ')}): ${fmt(everyPart[Math.floor(everyPart.length / 2)]!, 1)} ms median, slowest ${fmt(everyPart[everyPart.length - 1]!, 1)} ms`,
    `query: the same filtered again (country DE, ${fmt(firstFiltered.pageviews)} page views match): ${fmt(again[2]!, 1)} ms median (finished months counted for that set are kept); first answer of a fresh process ${fmt(filteredColdMs, 1)} ms (reads 400 days of visit tables)`,
    `query: first answer of a fresh process ${fmt(coldMs, 1)} ms (nothing cached, code not yet optimised; reads today's raw log of ${fmt(todayLines)} lines once)`,
    `query: a server's start-up warm-up (catch-up, the rollups such a range reads; today's log is counted in the background) ${fmt(warmUpMs, 1)} ms, then its first answer ${fmt(afterWarmUpMs, 1)} ms (counting today's log if the background has not yet)`,
    `query: scanning raw logs: ${fmt(scan.pageviews)} page views of ${rawDays} days in ${fmt(scanMs)} ms (${fmt(scan.pageviews / (scanMs / 1000))} page views/s) -> ${fmt(extrapolatedMs)} ms for all ${fmt(cold.pageviews)} (extrapolated), ${fmt(extrapolatedMs / warm[2]!)}x the rollup answer (${fmt(extrapolatedMs / coldMs)}x a fresh process's first)`,
  ];
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-stats-'));
  try {
    cpSync(join(repo, 'content'), join(root, 'content'), { recursive: true });
    const parts = new Set(values.parts.split(','));
    const lines = [
      ...(parts.has('collect') ? await collectPart(root) : []),
      ...(parts.has('query') ? queryPart(root) : []),
      ...(parts.has('today') ? await todayPart(root, Number(values['today-visitors']), Number(values['today-log-pageviews'])) : []),
    ];
    process.stdout.write('\n' + lines.join('\n') + '\n');
  } finally {
    if (values.keep) say(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`stats.bench: ${(error as Error)?.stack ?? error}\n`);
  process.exitCode = 1;
});
