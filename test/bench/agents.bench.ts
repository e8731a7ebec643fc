// What assistants and apps read without glue (issue: Markdown twins, llms.txt, field selection), on
// generated sites, each load row beside the floor (a bare node:http server answering the same bytes) in the
// same run. Budgets: a post's Markdown twin at least 0.5 of the floor at 100,000 posts (kept per generation
// like the HTML); /llms.txt under 100 KB and at least 0.3 of the floor; /entries?fields=id,title at least 5x
// fewer bytes than the full answer for 20 entries.
// Run: node --import tsx test/bench/agents.bench.ts; BENCH_SIZES=10000 and BENCH_SECONDS=3 narrow it,
// BENCH_SITES=<folder> keeps the generated sites there and reuses them, SVC_BENCH_DIST=<dist/> another build.
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSite } from './generate-site.ts';
import { buildGet, runLoad, type LoadResult } from './keep-alive-load.ts';
import { fmt, startFloor, startServer, stopServer, type Started } from './bench-servers.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REPO = resolve(fileURLToPath(import.meta.url), '../../..');
const SERVER_JS = join(process.env.SVC_BENCH_DIST ?? join(REPO, 'dist'), 'server.js');

interface Row { name: string; budget: number; svc: LoadResult; floor: LoadResult }

/** svc and its floor (same bytes and content type) under the same load, floor first. */
async function measure(root: string, svc: Started, name: string, path: string, budget: number): Promise<Row> {
  const first = await fetch(`http://127.0.0.1:${svc.port}${path}`);
  const body = Buffer.from(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`${name}: svc answered ${first.status}: ${body.toString().slice(0, 200)}`);
  const floor = await startFloor(root, name.replace(/\W+/g, '-'), body, first.headers.get('content-type') ?? 'text/plain');
  try {
    const run = (port: number, ms: number) => runLoad({ host: '127.0.0.1', port, requests: [buildGet('127.0.0.1', port, path)], connections: CONNECTIONS, durationMs: ms });
    await run(floor.port, 1000);
    const floorResult = await run(floor.port, SECONDS * 1000);
    await run(svc.port, 1000);
    return { name, budget, svc: await run(svc.port, SECONDS * 1000), floor: floorResult };
  } finally {
    await stopServer(floor.child);
  }
}

async function benchSize(size: number): Promise<void> {
  const { root, kept } = benchSite(size, process.env.BENCH_SITES);
  const svc = await startServer('svc', [SERVER_JS, '--root', root, '--port', '0'], { SVC_RATE_LIMITS: 'off' });
  try {
    const base = `http://127.0.0.1:${svc.port}`;
    const newest = (await (await fetch(`${base}/svc/api/v1/entries?limit=1&fields=url`)).json()) as { data: Array<{ url: string }> };
    const post = new URL(newest.data[0]!.url).pathname;
    const full = Buffer.byteLength(await (await fetch(`${base}/svc/api/v1/entries?limit=20`)).text());
    const picked = Buffer.byteLength(await (await fetch(`${base}/svc/api/v1/entries?limit=20&fields=id,title`)).text());
    const llms = Buffer.byteLength(await (await fetch(`${base}/llms.txt`)).text());
    const rows = [
      await measure(root, svc, 'post twin (.md)', `${post}.md`, 0.5),
      await measure(root, svc, 'post page (HTML)', post, 0.3),
      await measure(root, svc, 'llms.txt', '/llms.txt', 0.3),
      await measure(root, svc, 'llms-full.txt', '/llms-full.txt', 0.3),
    ];
    const lines = [
      '',
      `${fmt(size)} posts (x 2 languages), ${CONNECTIONS} connections, ${SECONDS} s a row`,
      `${'row'.padEnd(20)}${'svc req/s'.padStart(11)}${'p99 ms'.padStart(9)}${'floor req/s'.padStart(13)}${'share'.padStart(8)}${'budget'.padStart(8)}  svc non-2xx/errors`,
      ...rows.map(({ name, budget, svc: s, floor }) => `${name.padEnd(20)}${fmt(s.rps).padStart(11)}${fmt(s.p99Ms, 1).padStart(9)}${fmt(floor.rps).padStart(13)}${fmt(s.rps / floor.rps, 3).padStart(8)}${`>=${budget}`.padStart(8)}  ${JSON.stringify(s.non2xx)}/${s.errors}`),
      `/llms.txt: ${fmt(llms / 1024, 1)} KB (budget under 100 KB)`,
      `/entries?limit=20: ${fmt(full)} bytes; with fields=id,title ${fmt(picked)} bytes: ${fmt(full / picked, 1)}x fewer (budget at least 5x)`,
    ];
    process.stdout.write(lines.join('\n') + '\n');
  } finally {
    await stopServer(svc.child);
    if (!kept) rmSync(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(SERVER_JS)) throw new Error('build first: make build');
  for (const size of SIZES) await benchSize(size);
}

main().catch((error: Error) => {
  process.stderr.write(`agents bench: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
