import { join } from 'node:path';
import { startServer, stopServer, rssMb } from './bench-servers.js';
import { buildGet, runLoad } from './keep-alive-load.js';
import { AuthService } from '../../src/auth/auth-service.js';
import { signIn, type PanelHarness } from '../helpers/panel-harness.js';
const root = process.argv[2]!;
const query = process.argv[3] ?? '';
const svc = await startServer('svc', ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', join(process.cwd(), 'dist/server.js'), '--root', root, '--port', '0'], { SVC_RATE_LIMITS: 'off' });
const base = `http://127.0.0.1:${svc.port}`;
await (await fetch(`${base}/svc/api/v1/entries?limit=1`)).text();
const auth = new AuthService({ dataDir: join(root, 'data'), clock: Date.now, log: () => {} });
try { await auth.accounts.create({ name: 'Mem', email: 'mem@example.org', role: 'admin', password: 'bench password 1' }); } catch {}
const cookie = (await signIn({ url: base } as PanelHarness, 'mem@example.org', 'bench password 1')).header();
const pages = 200;
const reqs = Array.from({ length: 100 }, (_, i) => buildGet('127.0.0.1', svc.port, `/svc/panel/entries?${query}page=${1 + Math.floor((i * (pages - 1)) / 99)}`, { cookie }));
const r = await runLoad({ host: '127.0.0.1', port: svc.port, requests: reqs, connections: 16, durationMs: 5000 });
console.log(r.rps.toFixed(0), 'req/s p99', r.p99Ms.toFixed(1), 'rss', rssMb(svc.child.pid!).toFixed(1), r.non2xx);
await stopServer(svc.child);
