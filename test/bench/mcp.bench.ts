// MCP budgets (DESIGN §5), side by side in one run:
// - HTTP `tools/call site_info`: ours vs the SDK peer (>= 10x) and vs the bare node:http floor (>= 0.5x);
// - stdio first tool answer: ours vs the SDK stdio peer (< 0.5x) and, for reference, a bare echo process,
//   on the machine's Node and on Node 24.
// The SDK, autocannon and Node 24 are installed into a scratch folder outside the repository at bench time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { BENCH_SCRATCH, benchScratch, firstStdioAnswer, median } from './bench-servers.ts';
import { scratchPackages } from '../helpers/scratch-packages.ts';
import { loadConfig } from '../../dist/config.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SCRATCH = BENCH_SCRATCH;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** How many times the HTTP row measures svc, the peer and the floor in turn (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const STDIO_RUNS = Number(process.env.BENCH_STDIO_RUNS ?? 7);
const children: ChildProcess[] = [];
const SITE_INFO = { name: 'site_info', arguments: {} };

/** The Nodes the stdio start is measured on: this one, and Node 24 from the npm registry (SVC_BENCH_NODE24 overrides). */
function stdioNodes(): Array<[string, string]> {
  const nodes: Array<[string, string]> = [[`Node ${process.versions.node}`, process.execPath]];
  let node24 = process.env.SVC_BENCH_NODE24 ?? '';
  if (!node24) {
    try {
      node24 = join(scratchPackages(join(SCRATCH, 'node24'), ['node@24']), 'node_modules/.bin/node');
    } catch (error) {
      // Measured on this Node alone then, and said so.
      process.stdout.write(`Node 24 could not be installed: ${(error as Error).message}\n`);
    }
  }
  const version = node24 ? spawnSync(node24, ['--version'], { encoding: 'utf8' }).stdout?.trim() : '';
  if (version && version !== process.version) nodes.push([`Node ${version.slice(1)}`, node24]);
  return nodes;
}

async function prepareSite(): Promise<{ root: string; token: string }> {
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-site-'));
  for (const folder of ['content', 'plugins', 'theme']) {
    if (existsSync(join(REPO, folder))) cpSync(join(REPO, folder), join(root, folder), { recursive: true });
  }
  const deps = await buildDeps(loadConfig([`--root=${root}`], {}));
  const account = await deps.auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
  const { token } = deps.auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read', 'stats:read'], expiresInDays: null });
  return { root, token };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startServer(args: string[], env: NodeJS.ProcessEnv, port: number, token: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: SCRATCH, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/svc/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_info', arguments: {} } }),
      });
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"result"')) throw new Error(`answered ${response.status}: ${text.slice(0, 200)}`);
      return child;
    } catch (error) {
      if ((error as Error).message.startsWith('answered')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${args.join(' ')} did not start`);
}

interface Load { rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuMicrosPerRequest?: number }

/** CPU seconds a process has used (Linux /proc; undefined elsewhere). Steadier than req/s on a busy machine. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function load(url: string, token: string, seconds: number, pid?: number): Load {
  const before = cpuSeconds(pid);
  const result = spawnSync(process.execPath, [join(SCRATCH, 'load.mjs'), url, 'site_info', String(seconds), String(CONNECTIONS)], {
    cwd: SCRATCH, env: { ...process.env, TOKEN: token }, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`load failed: ${result.stderr}`);
  const answer = JSON.parse(result.stdout.trim().split('\n').pop()!) as Load;
  const after = cpuSeconds(pid);
  if (before !== undefined && after !== undefined && answer.rps > 0) answer.cpuMicrosPerRequest = Math.round(((after - before) * 1e6) / (answer.rps * seconds));
  return answer;
}

const round = (value: number) => Math.round(value * 10) / 10;

async function main(): Promise<void> {
  if (!existsSync(join(REPO, 'dist/stdio.js'))) throw new Error('build first: make build');
  benchScratch();
  const { root, token } = await prepareSite();
  const [ours, peer, floor] = [await freePort(), await freePort(), await freePort()];
  // The server users run, every route, with the documented switch that lifts the rate limits.
  const oursChild = await startServer([join(REPO, 'dist/server.js'), '--root', root, '--port', String(ours)], { SVC_RATE_LIMITS: 'off' }, ours, token);
  const peerChild = await startServer([join(SCRATCH, 'peer-sdk-server.mjs'), String(peer)], { PEER_TOKEN: token }, peer, token);
  const floorChild = spawn(process.execPath, [join(SCRATCH, 'raw-node-http.mjs'), String(floor)], { stdio: 'ignore' });
  children.push(floorChild);
  await new Promise((resolve) => setTimeout(resolve, 300));

  const targets: Array<[string, string, number | undefined]> = [
    ['svc (ours)', `http://127.0.0.1:${ours}/svc/mcp`, oursChild.pid],
    ['SDK peer', `http://127.0.0.1:${peer}/svc/mcp`, peerChild.pid],
    ['node:http floor', `http://127.0.0.1:${floor}/`, floorChild.pid],
  ];
  const http: Record<string, Load> = {};
  for (const [, url] of targets) load(url, token, 2); // warm-up
  // The three in turn, ROUNDS times, each taken at its median run: on this shared 2-core machine a slow
  // spell fell on one of them alone when each was measured once (the ratio to the peer read 7.4x, 12.9x and
  // 8.0x in three runs of the same build).
  const runs: Record<string, Load[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url, pid] of targets) (runs[name] ??= []).push(load(url, token, SECONDS, pid));
  }
  for (const [name] of targets) {
    const sorted = [...runs[name]!].sort((a, b) => a.rps - b.rps);
    const row = (http[name] = sorted[sorted.length >> 1]!);
    const cpu = row.cpuMicrosPerRequest === undefined ? '' : `  server CPU ${row.cpuMicrosPerRequest} µs/request`;
    const all = runs[name]!.map((run) => Math.round(run.rps)).join(', ');
    process.stdout.write(`HTTP tools/call site_info  ${name.padEnd(16)} ${Math.round(row.rps).toString().padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}${cpu}  (runs: ${all})\n`);
  }
  for (const child of children) child.kill();

  const stdio: Record<string, Record<string, number[]>> = {};
  for (const [nodeName, node] of stdioNodes()) {
    const commands: Record<string, [string[], NodeJS.ProcessEnv]> = {
      'bare echo floor': [[node, join(SCRATCH, 'bare-stdio.mjs')], {}],
      'svc (ours)': [[node, join(REPO, 'dist/stdio.js'), `--root=${root}`], { SVC_TOKEN: token }],
      'SDK peer': [[node, join(SCRATCH, 'peer-sdk-stdio.mjs')], {}],
    };
    // Warm-up, as for HTTP: one start of each that stays up a second, as an assistant's session does, so the
    // timed starts below find the files in the page cache as every later start of an installation does.
    for (const [command, env] of Object.values(commands)) await firstStdioAnswer(command, env, SITE_INFO, 1000);
    const runs: Record<string, number[]> = { 'bare echo floor': [], 'svc (ours)': [], 'SDK peer': [] };
    for (let run = 0; run < STDIO_RUNS; run++) {
      for (const [name, [command, env]] of Object.entries(commands)) runs[name]!.push(await firstStdioAnswer(command, env, SITE_INFO));
    }
    for (const [name, times] of Object.entries(runs)) {
      process.stdout.write(`stdio first tool answer    ${nodeName.padEnd(13)} ${name.padEnd(16)} median ${round(median(times))} ms  (runs: ${times.map(round).join(', ')})\n`);
    }
    stdio[nodeName] = runs;
  }

  const oursRps = http['svc (ours)']!.rps;
  const budgets: Array<[string, number, string, boolean]> = [
    ['HTTP vs SDK peer', oursRps / http['SDK peer']!.rps, '>= 10x', oursRps >= 10 * http['SDK peer']!.rps],
    ['HTTP vs node:http floor', oursRps / http['node:http floor']!.rps, '>= 0.5x', oursRps >= 0.5 * http['node:http floor']!.rps],
  ];
  for (const [nodeName, runs] of Object.entries(stdio)) {
    const ours = median(runs['svc (ours)']!);
    const bare = median(runs['bare echo floor']!);
    const peer = median(runs['SDK peer']!);
    budgets.push([`stdio vs SDK, ${nodeName}`, ours / peer, '< 0.5x', ours < 0.5 * peer]);
    // DESIGN section 5 retired the old "2x a bare process" (it cost lazy loading all over the code); shown, not judged.
    process.stdout.write(`stdio first tool answer    ${nodeName.padEnd(13)} ours / bare echo ${(ours / bare).toFixed(2)}x (no budget)\n`);
  }
  process.stdout.write('\n');
  for (const [name, ratio, budget, met] of budgets) {
    process.stdout.write(`${met ? 'within budget' : 'OVER BUDGET  '}  ${name.padEnd(30)} ${ratio.toFixed(2)}x  (budget ${budget})\n`);
  }
  const wrong = Object.entries(http).filter(([, row]) => row.non2xx > 0 || row.errors > 0);
  rmSync(root, { recursive: true, force: true });
  // Budgets are reported, not enforced: figures on a shared machine drift. Wrong answers are failures.
  if (wrong.length > 0) {
    process.stdout.write(`non-2xx answers or errors from: ${wrong.map(([name]) => name).join(', ')}\n`);
    process.exit(1);
  }
}

main().catch((error) => {
  for (const child of children) child.kill();
  process.stderr.write(`mcp bench: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
