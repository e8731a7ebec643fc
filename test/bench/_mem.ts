// scratch: RSS breakdown of the server under the scale bench's loads
import { readFileSync, readdirSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, stopServer, rssMb } from './bench-servers.js';
import { buildGet, buildPost, runLoad } from './keep-alive-load.js';
import { AuthService } from '../../src/auth/auth-service.js';
import { signIn, type PanelHarness } from '../helpers/panel-harness.js';
const root = process.argv[2]!;
const extra = (process.env.SVC_NODE_ARGS ?? '').split(' ').filter(Boolean);
const rep = '/tmp/rep'; rmSync(rep, { recursive: true, force: true }); mkdirSync(rep);
const svc = await startServer('svc', [...extra, '--heapsnapshot-signal=SIGTTIN', '--diagnostic-dir=/tmp/rep', '--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${rep}`, join(process.cwd(), process.env.SVC_DIST ?? 'dist', 'server.js'), '--root', root, '--port', '0'], { SVC_RATE_LIMITS: 'off' });
const pid = svc.child.pid!;
const base = `http://127.0.0.1:${svc.port}`;
await (await fetch(`${base}/svc/api/v1/entries?limit=1`)).text();
const smaps = () => {
  const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  let anon = 0, file = 0; const byName = new Map<string, number>();
  let name = '';
  for (const line of text.split('\n')) {
    const m = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (m) { name = m[1] || '[anon]'; continue; }
    if (line.startsWith('Rss:')) { const kb = Number(line.split(/\s+/)[1]); byName.set(name, (byName.get(name) ?? 0) + kb); }
  }
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, kb]) => `${n.split('/').pop()} ${(kb / 1024).toFixed(1)}`).join(', ');
};
const threads = () => readdirSync(`/proc/${pid}/task`).map((t) => { try { return readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim(); } catch { return '?'; } }).join(',');
let n = 0;
const report = async (label: string) => {
  svc.child.kill('SIGUSR2'); await new Promise((d) => setTimeout(d, 400));
  const files = readdirSync(rep).sort(); const r = JSON.parse(readFileSync(join(rep, files[files.length - 1]!), 'utf8'));
  const h = r.javascriptHeap; const spaces = Object.fromEntries(Object.entries(h.heapSpaces).map(([k, v]: any) => [k.replace('_space', ''), (v.memorySize / 1048576).toFixed(1)]));
  console.log(`${label}: rss ${rssMb(pid).toFixed(1)} MB heap total ${(h.totalMemory / 1048576).toFixed(1)} used ${(h.usedMemory / 1048576).toFixed(1)} ext ${(r.resourceUsage ? '' : '')}`, JSON.stringify(spaces));
  console.log('   maps:', smaps()); console.log('   threads:', threads());
};
await report('after start');
const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
let account; try { account = await auth.accounts.create({ name: 'Mem', email: 'mem@example.org', role: 'admin', password: 'bench password 1' }); } catch { account = auth.accounts.findByEmail('mem@example.org'); }
const token = auth.createToken({ ownerId: account.id, name: 'mem' + Date.now(), scopes: ['content:read'], expiresInDays: null }).token;
const cookie = (await signIn({ url: base } as PanelHarness, 'mem@example.org', 'bench password 1')).header();
const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'content_list', arguments: { type: 'post' } } });
const rows: Array<[string, string[]]> = [
  ['home', ['/']], ['entries cached', ['/svc/api/v1/entries?limit=20']],
  ['uncached', Array.from({ length: 2000 }, (_, i) => `/svc/api/v1/entries?limit=${10 + (i % 20)}&page=${1 + (i >> 4)}`)],
  ['tag', ['/svc/api/v1/entries?limit=20&tag=food']],
  ['MCP', 'mcp'], ['panel list', 'p:'], ['panel title', 'p:sort=title&'], ['panel search', 'q'],
] as any;
for (const [label, paths] of rows) {
  let max = 0; const t = setInterval(() => { max = Math.max(max, rssMb(pid)); }, 100);
  await runLoad({ host: '127.0.0.1', port: svc.port, requests: paths === 'mcp' ? [buildPost('127.0.0.1', svc.port, '/svc/mcp', mcpBody, { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream' })] : paths === 'q' ? [buildGet('127.0.0.1', svc.port, '/svc/panel/entries?q=lake', { cookie })] : typeof paths === 'string' ? Array.from({ length: 100 }, (_, i) => buildGet('127.0.0.1', svc.port, `/svc/panel/entries?${paths.slice(2)}page=${1 + i * 2}`, { cookie })) : paths.map((p: string) => buildGet('127.0.0.1', svc.port, p)), connections: 16, durationMs: 5000 });
  clearInterval(t);
  await report(`${label} (peak ${max.toFixed(1)})`);
}
if (process.env.SNAP) { svc.child.kill('SIGTTIN'); let t0 = Date.now(); while (!readdirSync(rep).some((f) => f.endsWith('.heapsnapshot')) && Date.now() - t0 < 60000) await new Promise((d) => setTimeout(d, 500)); await new Promise((d) => setTimeout(d, 8000)); await report('after snapshot gc'); }
{ const text = readFileSync(`/proc/${pid}/smaps`, 'utf8'); let head = ''; const rows: string[] = [];
  for (const line of text.split('\n')) { if (/^[0-9a-f]+-/.test(line)) { head = line; continue; } if (line.startsWith('Rss:')) { const kb = Number(line.split(/\s+/)[1]); const [a, b] = head.split(' ')[0]!.split('-').map((x) => parseInt(x, 16)); if (kb > 1024 && !/\//.test(head)) rows.push(`${((b! - a!) / 1048576).toFixed(1)} MB mapping, rss ${(kb / 1024).toFixed(1)} ${head.split(/\s+/).slice(1, 2).join(' ')} ${head.split(/\s+/)[5] ?? ''}`); } }
  console.log(rows.join('\n')); }
await stopServer(svc.child);
