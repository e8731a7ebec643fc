// Content API benchmark (DESIGN.md section 5): `GET /svc/api/v1/entries?limit=20` on a generated
// 10,000-entry site against the floor, a bare node:http server answering the same bytes as a fixed body,
// measured side by side in one run. Prints requests/second, p50/p99 latency and svc's resident memory
// under load next to the budget (at least half the floor's throughput, under 100 MB resident).
// Run: node --import tsx test/bench/api.bench.ts [--entries 10000] [--seconds 8] [--connections 16] [--keep]
// Needs dist/ (make build). Exit code 1 when the measurement itself is invalid (errors, non-2xx answers).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSite } from './generate-site.js';
import { buildGet, runLoad, type LoadResult } from './keep-alive-load.js';

const PATH = '/svc/api/v1/entries?limit=20';
const RSS_BUDGET_MB = 100;
const THROUGHPUT_SHARE = 0.5;
// The Content API allows 120 requests a minute per client address. svc runs with --trust-proxy and every
// request carries one of these X-Forwarded-For addresses, so the load looks like many readers, each well
// inside their own bucket (a run of ~300,000 requests gives each address ~40): the bench measures
// serving entries, not answering 429. The floor gets the same request bytes.
const CLIENT_ADDRESSES = 8192;

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '16' },
    keep: { type: 'boolean', default: false },
  },
});
const entries = Number(values.entries), seconds = Number(values.seconds), connections = Number(values.connections);
const repo = resolve(fileURLToPath(import.meta.url), '../../..');
const serverJs = join(repo, 'dist/server.js');

// The floor: no routing, no work, the fixed body svc answered, read from the file named in argv.
const FLOOR = `
const body = require('node:fs').readFileSync(process.argv[1]);
require('node:http').createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });
`;

/** Starts a server process and resolves with its port once it prints `http://127.0.0.1:<port>`. */
function startServer(name: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolvePort, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
    let out = '', err = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`${name} printed no address within 60 s:\n${out}${err}`)); }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) { clearTimeout(timer); resolvePort({ child, port: Number(match[1]) }); }
    });
    child.stderr!.on('data', (chunk: Buffer) => { err = (err + chunk.toString()).slice(-4000); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`${name} exited with ${code} before listening:\n${out}${err}`)); });
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.removeAllListeners('exit');
    child.once('exit', () => done());
    child.kill('SIGTERM');
    setTimeout(() => { child.kill('SIGKILL'); }, 3000).unref();
  });
}

/** Resident set size in MB from /proc (Linux), else from ps. */
function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (kb) return Number(kb[1]) / 1024;
  } catch { /* not Linux: fall through */ }
  return NaN;
}

function requestsFor(port: number): Buffer[] {
  return Array.from({ length: CLIENT_ADDRESSES }, (_, k) =>
    buildGet('127.0.0.1', port, PATH, { 'X-Forwarded-For': `10.${(k >> 8) & 255}.${k & 255}.${1 + (k >> 16)}` }));
}

async function measure(port: number, pid: number): Promise<LoadResult & { rssMaxMb: number }> {
  const requests = requestsFor(port);
  await runLoad({ host: '127.0.0.1', port, requests, connections, durationMs: 2000 }); // warm-up, discarded
  let rssMaxMb = rssMb(pid);
  const sampler = setInterval(() => { rssMaxMb = Math.max(rssMaxMb, rssMb(pid)); }, 100);
  const result = await runLoad({ host: '127.0.0.1', port, requests, connections, durationMs: seconds * 1000 });
  clearInterval(sampler);
  return { ...result, rssMaxMb: Math.max(rssMaxMb, rssMb(pid)) };
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a');

async function main(): Promise<number> {
  if (!existsSync(serverJs)) {
    process.stderr.write(`api.bench: ${serverJs} is missing; run make build first.\n`);
    return 1;
  }
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-api-'));
  const children: ChildProcess[] = [];
  try {
    let t = performance.now();
    const site = generateSite(root, { entries });
    process.stdout.write(`api.bench: generated ${entries} posts x 2 languages in ${fmt(performance.now() - t)} ms (${root})\n`);

    t = performance.now();
    const svc = await startServer('svc', [serverJs, '--root', root, '--data', join(root, 'data'), '--port', '0', '--trust-proxy']);
    children.push(svc.child);
    // The first answer includes reading and indexing every file; wait for it before measuring.
    const first = await fetch(`http://127.0.0.1:${svc.port}${PATH}`, { headers: { 'x-forwarded-for': '192.0.2.1' } });
    const body = Buffer.from(await first.arrayBuffer());
    const coldMs = performance.now() - t;
    if (first.status !== 200) throw new Error(`svc answered ${first.status} to ${PATH}: ${body.toString().slice(0, 300)}`);
    const listed = JSON.parse(body.toString()) as { data: unknown[]; meta: { total: number } };
    if (listed.data.length !== 20 || listed.meta.total !== site.published) {
      throw new Error(`svc listed ${listed.data.length} rows of ${listed.meta.total}; expected 20 of ${site.published} published posts`);
    }
    const idleRss = rssMb(svc.child.pid!);
    process.stdout.write(`api.bench: svc up and indexed in ${fmt(coldMs)} ms; ${fmt(idleRss, 1)} MB resident before load; answer ${fmt(body.length)} bytes\n`);

    const bodyFile = join(root, 'floor-body.json');
    writeFileSync(bodyFile, body);
    const floor = await startServer('floor', ['-e', FLOOR, bodyFile]);
    children.push(floor.child);

    process.stdout.write(`api.bench: ${connections} connections, ${seconds} s each (after a 2 s warm-up), floor first, then svc\n`);
    const floorResult = await measure(floor.port, floor.child.pid!);
    const svcResult = await measure(svc.port, svc.child.pid!);

    const rows: Array<[string, LoadResult & { rssMaxMb: number }]> = [['floor (bare node:http, same body)', floorResult], ['svc', svcResult]];
    const lines = [
      '',
      `GET ${PATH} on ${fmt(entries)} entries (${fmt(site.published)} published)`,
      `${'server'.padEnd(36)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'RSS MB'.padStart(9)}  requests  non-2xx/errors`,
      ...rows.map(([name, r]) => `${name.padEnd(36)}${fmt(r.rps).padStart(10)}${fmt(r.p50Ms, 2).padStart(9)}${fmt(r.p99Ms, 2).padStart(9)}${fmt(r.maxMs, 1).padStart(9)}${fmt(r.rssMaxMb, 1).padStart(9)}  ${fmt(r.requests).padStart(8)}  ${JSON.stringify(r.non2xx)}/${r.errors}`),
    ];
    const share = svcResult.rps / floorResult.rps;
    const throughputOk = share >= THROUGHPUT_SHARE;
    const memoryOk = svcResult.rssMaxMb < RSS_BUDGET_MB;
    lines.push(
      `budget: throughput >= ${THROUGHPUT_SHARE * 100}% of the floor: ${fmt(share * 100, 1)}% ${throughputOk ? 'ok' : 'MISSED'}; ` +
      `resident memory under load < ${RSS_BUDGET_MB} MB: ${fmt(svcResult.rssMaxMb, 1)} MB ${memoryOk ? 'ok' : 'MISSED'}`,
      '',
    );
    process.stdout.write(lines.join('\n'));
    const invalid = [floorResult, svcResult].some((r) => r.errors > 0 || Object.keys(r.non2xx).length > 0 || r.requests === 0);
    if (invalid) process.stderr.write('api.bench: the measurement is invalid: some requests failed or were not answered with 2xx.\n');
    return invalid ? 1 : 0;
  } finally {
    await Promise.all(children.map(stopServer));
    if (values.keep) process.stdout.write(`api.bench: kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
}

main().then((code) => { process.exitCode = code; }, (error: Error) => {
  process.stderr.write(`api.bench: ${error.message}\n`);
  process.exitCode = 1;
});
