import { startFloor, stopServer, rssMb } from './bench-servers.js';
import { buildGet, runLoad } from './keep-alive-load.js';
import { mkdtempSync, readFileSync } from 'node:fs';
const dir = mkdtempSync('/tmp/fm-');
const f = await startFloor(dir, 'x', Buffer.from('y'.repeat(20000)), 'text/html');
let max = 0; const t = setInterval(() => { max = Math.max(max, rssMb(f.child.pid!)); }, 100);
console.log('start', rssMb(f.child.pid!).toFixed(1));
await runLoad({ host: '127.0.0.1', port: f.port, requests: [buildGet('127.0.0.1', f.port, '/')], connections: 16, durationMs: 5000 });
clearInterval(t);
const text = readFileSync(`/proc/${f.child.pid}/smaps`, 'utf8'); const by = new Map<string, number>(); let name = '';
for (const line of text.split('\n')) { const m = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line); if (m) { name = m[1] || 'anon'; continue; } if (line.startsWith('Rss:')) by.set(name, (by.get(name) ?? 0) + Number(line.split(/\s+/)[1])); }
console.log('peak', max.toFixed(1), [...by].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([n, k]) => `${n.split('/').pop()} ${(k / 1024).toFixed(1)}`).join(', '));
await stopServer(f.child);
