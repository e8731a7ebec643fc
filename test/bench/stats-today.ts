// The statistics bench's "today" rows (DESIGN.md section 5: "today's figures at once after 300,000
// visitors"; issue 11: "a start with a 50 MB raw log for today takes no longer than one without"):
// 1. The server users run (dist/server.js), started on the demo site with no statistics for today and
//    with a 50 MB raw log for today: time from spawn to the first answer of the home page and of
//    GET /svc/api/v1/stats?period=today; the log case twice, on its first start (no partial aggregate yet)
//    and after a graceful stop (which writes one).
// 2. stats_overview for today after 300,000 visitors, in process: in a running process that counted the
//    day as it came (one more beacon since the last question), and the first answer of a fresh process.
// SVC_BENCH_DIST names another build's dist/ (an earlier commit's, for the figures before a change).
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AuthService } from '../../dist/auth/auth-service.js';
import { ContentStore } from '../../dist/content/store.js';
import { loadConfig } from '../../dist/config.js';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { startOfSiteDay } from '../../dist/lib/time-zone.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import { seedPages, generateRawLines } from '../../dist/cli/demo-traffic/seed-day.js';
import { sitePaths } from '../../dist/cli/demo-traffic/seed.js';

const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
const DIST = process.env.SVC_BENCH_DIST ?? join(REPO, 'dist');
const REPEAT = 3;
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function spawnServer(root: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(DIST, 'server.js'), '--root', root, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SVC_RATE_LIMITS: 'off' } });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) done({ child, port: Number(match[1]) });
    });
    child.stderr!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('exit', (code) => fail(new Error(`the server exited with ${code}:\n${out}`)));
  });
}

/** Stops the server as an operator would (SIGTERM: a graceful stop, which writes today's partial aggregate). */
function stopGracefully(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** Milliseconds from spawning the server to the end of its first answer to `path`. */
async function startToAnswer(root: string, path: string, token: string): Promise<number> {
  const started = performance.now();
  const { child, port } = await spawnServer(root);
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  } finally {
    await stopGracefully(child);
  }
}

async function statsToken(root: string): Promise<string> {
  const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
  const account = await auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
  return auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['stats:read'], expiresInDays: null }).token;
}

/** Writes today's raw and bot logs so far with `pageviews` generated page views over the site's pages. */
function writeTodayLog(root: string, pageviews: number, seed: number): { visitors: number; bytes: number } {
  const config = loadConfig(['--root', root]);
  const content = new ContentStore({ root, clock: Date.now, log: () => {} });
  const stats = createStatsService(config, content, Date.now);
  const random = seededRandom(seed);
  const pages = seedPages([...sitePaths(content), ...Array.from({ length: 500 }, (_, i) => `/generated/page-${i + 1}`)], random);
  const now = Date.now();
  // Early in the day the page views are spread over the last 24 hours instead, still all today's log.
  const start = Math.min(startOfSiteDay(now, stats.timeZone), now - 3_600_000);
  const { raw, bots } = generateRawLines(pageviews, start, now, pages, random);
  const visitors = new Set(raw.flatMap((line) => (line.k === 'pv' ? [line.v] : []))).size;
  const today = stats.today();
  for (const [path, lines] of [[stats.files.rawPath(today), raw], [stats.files.botsPath(today), bots]] as const) {
    mkdirSync(dirname(path), { recursive: true });
    for (let i = 0; i < lines.length; i += 50_000) appendFileSync(path, lines.slice(i, i + 50_000).map((line) => JSON.stringify(line)).join('\n') + '\n', { mode: 0o600 });
  }
  const bytes = statSync(stats.files.rawPath(today)).size;
  stats.close();
  return { visitors, bytes };
}

async function startRows(root: string, logPageviews: number): Promise<string[]> {
  cpSync(join(REPO, 'content'), join(root, 'content'), { recursive: true });
  const token = await statsToken(root);
  const dropPartial = () => rmSync(join(root, 'data/stats/partial'), { recursive: true, force: true });
  const rows: Record<string, { empty: number[]; first: number[]; again: number[] }> = { '/': { empty: [], first: [], again: [] }, '/svc/api/v1/stats?period=today': { empty: [], first: [], again: [] } };
  for (let i = 0; i < REPEAT; i++) for (const path of Object.keys(rows)) rows[path]!.empty.push(await startToAnswer(root, path, token));
  // About 200,000 page views make a 50 MB log (~250 bytes a page view with its engagement and events).
  const log = writeTodayLog(root, logPageviews, 11);
  for (let i = 0; i < REPEAT; i++) {
    for (const path of Object.keys(rows)) {
      dropPartial();
      rows[path]!.first.push(await startToAnswer(root, path, token));
      // A graceful stop writes the partial aggregate (in builds that keep one); a stats question first
      // makes sure it covers the whole log.
      await startToAnswer(root, '/svc/api/v1/stats?period=today', token);
      rows[path]!.again.push(await startToAnswer(root, path, token));
    }
  }
  return Object.entries(rows).map(([path, row]) =>
    `today: start to the first answer of ${path}: no log today ${fmt(median(row.empty))} ms; ${fmt(log.bytes / 1e6, 1)} MB raw log today (${fmt(log.visitors)} visitors): first start ${fmt(median(row.first))} ms, after a graceful stop ${fmt(median(row.again))} ms (median of ${REPEAT})`);
}

async function overviewRows(root: string, visitorsWanted: number): Promise<string[]> {
  cpSync(join(REPO, 'content'), join(root, 'content'), { recursive: true });
  // generateRawLines gives 1.6 page views per visitor on average.
  const log = writeTodayLog(root, Math.round(visitorsWanted * 1.6), 12);
  const load = async <T>(path: string) => (await import(pathToFileURL(join(DIST, path)).href)) as T;
  const { createStatsService: create } = await load<typeof import('../../src/wiring/create-stats-service.js')>('wiring/create-stats-service.js');
  const { statsOverview } = await load<typeof import('../../src/stats/overview.js')>('stats/overview.js');
  const { ContentStore: Store } = await load<typeof import('../../src/content/store.js')>('content/store.js');
  const config = loadConfig(['--root', root]);
  const content = new Store({ root, clock: Date.now, log: () => {} });
  const time = (fn: () => unknown) => { const t = performance.now(); fn(); return performance.now() - t; };
  const overview = (stats: ReturnType<typeof create>) => statsOverview(stats, content, 'today');
  const fresh = create(config, content, Date.now);
  const fromLog = time(() => overview(fresh));
  // A running process: beacons keep arriving, questions come a few seconds apart (a cached answer of the
  // last two seconds would be no measure); each answer should count the beacon sent just before it.
  const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const running: number[] = [];
  let answer = overview(fresh);
  let current = 0;
  for (let i = 0; i < 5; i++) {
    await new Promise((done) => setTimeout(done, 2100));
    const before = answer.pageviews;
    fresh.collect(JSON.stringify({ t: 'pv', p: '/', r: '', w: 1200 }), { 'user-agent': ua }, `10.77.0.${i}`);
    running.push(time(() => { answer = overview(fresh); }));
    if (answer.pageviews === before + 1) current++;
  }
  fresh.close();
  const restarted = create(config, content, Date.now);
  const fromPartial = time(() => overview(restarted));
  restarted.close();
  return [
    `today: stats_overview today after ${fmt(answer.visitors)} visitors (${fmt(answer.pageviews)} page views, ${fmt(log.bytes / 1e6, 1)} MB raw log): running process ${fmt(median(running), 1)} ms (median of 5, one beacon since each question, counted in ${current} of 5 answers); a fresh process's first answer ${fmt(fromLog)} ms, after a close (from the partial aggregate, where the build keeps one) ${fmt(fromPartial)} ms`,
  ];
}

/** The "today" rows, each measured in its own folder under `root`. */
export async function todayPart(root: string, visitors = 300_000, logPageviews = 200_000): Promise<string[]> {
  const lines = [...await startRows(join(root, 'today-start'), logPageviews), ...await overviewRows(join(root, 'today-overview'), visitors)];
  if (DIST !== join(REPO, 'dist')) lines.push(`today: measured on the build in ${DIST}`);
  return lines;
}
