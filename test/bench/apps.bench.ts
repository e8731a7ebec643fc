// MCP Apps budget (issue 34): a view read (resources/read of a ui:// address) is answered from what is kept
// by its address, at least 0.5 of the floor — bare node:http sending the very same answer bytes — in the
// same run: the statistics view (a document kept for the process) and an entry preview (a page made
// self-contained once, then kept by its address; every read still checks the token's right to the entry).
// The server is the real dist/server.js on a copy of the demo site; autocannon comes into the bench scratch
// folder at bench time. Usage: make bench (or node --import tsx test/bench/apps.bench.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { loadConfig } from '../../dist/config.js';
import { freePort } from '../helpers/varnish.ts';
import { BENCH_SCRATCH, benchScratch } from './bench-servers.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SCRATCH = BENCH_SCRATCH;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };
const children: ChildProcess[] = [];

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url, { method: 'POST', body: '{}' });
      return;
    } catch { await new Promise((resolve) => setTimeout(resolve, 100)); }
  }
  throw new Error(`${url} did not start`);
}

interface Load { rps: number; p50: number; p99: number; non2xx: number; errors: number }

function load(url: string, body: string, headers: Record<string, string>, seconds: number): Load {
  const result = spawnSync(process.execPath, [join(SCRATCH, 'load-body.mjs'), url, String(seconds), String(CONNECTIONS)], {
    cwd: SCRATCH, env: { ...process.env, BODY: body, HEADERS: JSON.stringify(headers) }, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`load failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as Load;
}

async function main(): Promise<void> {
  if (!existsSync(join(REPO, 'dist/server.js'))) throw new Error('build first: make build');
  benchScratch();
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-apps-'));
  for (const folder of ['content', 'plugins', 'theme']) if (existsSync(join(REPO, folder))) cpSync(join(REPO, folder), join(root, folder), { recursive: true });
  const deps = await buildDeps(loadConfig([`--root=${root}`], {}));
  const account = await deps.auth.accounts.create({ name: 'Bench', email: 'bench@example.org', role: 'admin', password: 'bench password 1' });
  const { token } = deps.auth.createToken({ ownerId: account.id, name: 'bench', scopes: ['content:read', 'stats:read'], expiresInDays: null });
  deps.content.close();

  const port = await freePort();
  children.push(spawn(process.execPath, [join(REPO, 'dist/server.js'), '--root', root, '--port', String(port)], { env: { PATH: process.env.PATH, SVC_RATE_LIMITS: 'off' }, stdio: ['ignore', 'ignore', 'inherit'] }));
  const url = `http://127.0.0.1:${port}/svc/mcp`;
  await waitFor(url);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-11-25' };
  const call = async (method: string, params: unknown) => {
    const response = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return { response, text: await response.text() };
  };
  const init = await call('initialize', { protocolVersion: '2025-11-25', capabilities: UI, clientInfo: { name: 'bench', version: '1' } });
  headers['mcp-session-id'] = init.response.headers.get('mcp-session-id')!;
  const tools = JSON.parse((await call('tools/list', {})).text).result.tools;
  const statistics = tools.find((tool: any) => tool.name === 'stats_overview')._meta.ui.resourceUri as string;
  const first = JSON.parse((await call('tools/call', { name: 'content_list', arguments: { limit: 1 } })).text).result.structuredContent;
  const id = (first.entries ?? first.items ?? [])[0]?.id as string;
  const preview = JSON.parse((await call('tools/call', { name: 'content_read', arguments: { id } })).text).result._meta['svc/preview'].uri as string;

  const rows: Array<[string, Load, Load]> = [];
  for (const [name, uri] of [['statistics view', statistics], [`entry preview (${id})`, preview]] as const) {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } });
    const answer = (await call('resources/read', { uri })).text;
    const file = join(root, 'floor-answer.json');
    writeFileSync(file, answer);
    const floorPort = await freePort();
    const floor = spawn(process.execPath, [join(SCRATCH, 'raw-file-http.mjs'), String(floorPort), file], { stdio: 'ignore' });
    children.push(floor);
    await waitFor(`http://127.0.0.1:${floorPort}/`);
    const floorUrl = `http://127.0.0.1:${floorPort}/`;
    load(floorUrl, body, {}, 2);
    const floorLoad = load(floorUrl, body, {}, SECONDS);
    load(url, body, headers, 2);
    const ours = load(url, body, headers, SECONDS);
    floor.kill();
    rows.push([`${name}, ${Math.round(answer.length / 1024)} KB`, ours, floorLoad]);
    for (const [who, row] of [['svc (ours)', ours], ['node:http floor', floorLoad]] as const) {
      process.stdout.write(`resources/read ${name.padEnd(48)} ${who.padEnd(16)} ${Math.round(row.rps).toString().padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  non-2xx ${row.non2xx}  errors ${row.errors}\n`);
    }
  }
  process.stdout.write('\n');
  for (const [name, ours, floor] of rows) {
    const ratio = ours.rps / floor.rps;
    process.stdout.write(`${ratio >= 0.5 ? 'within budget' : 'OVER BUDGET  '}  app resource read: ${name.padEnd(56)} ${ratio.toFixed(2)}x of the floor  (budget >= 0.5x)\n`);
  }
  for (const child of children) child.kill();
  rmSync(root, { recursive: true, force: true });
  // Budgets are reported, not enforced (figures on a shared machine drift); wrong answers are failures.
  if (rows.some(([, ours, floor]) => ours.non2xx + ours.errors + floor.non2xx + floor.errors > 0)) process.exit(1);
}

main().catch((error) => {
  for (const child of children) child.kill();
  process.stderr.write(`apps bench: ${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
});
