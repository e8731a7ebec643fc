// Several processes append to the same day log at once (the HTTP server and stdio processes do): no line
// is lost or torn, the rollup counts every one, and a process counting today catches up with the others.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../../dist/stats/stats-service.js';
import { parseLines } from '../../dist/stats/store/rollup-files.js';
import type { RawLine } from '../../src/stats/store/raw-event.ts';
import { ReferenceDayAggregator } from '../helpers/reference-day-aggregator.ts';

const dir = mkdtempSync(join(tmpdir(), 'svc-stats-procs-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 4, 5, 10, 0);
const service = join(import.meta.dirname, '..', '..', 'dist', 'stats', 'stats-service.js');

const CHILD = `
import { StatsService } from ${JSON.stringify(service)};
const [dir, worker, count] = process.argv.slice(2);
const stats = new StatsService({ dir, clock: () => ${NOW}, timeZone: () => 'Europe/Berlin', siteHosts: () => ['procs.example'], salts: () => Buffer.alloc(32, 7) });
const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
for (let i = 0; i < Number(count); i++) {
  // Long paths (cut at 300 characters) make lines of ~500 bytes, so interleaving writes would show.
  stats.collect(JSON.stringify({ t: 'pv', p: '/w' + worker + '/' + i + '/' + 'x'.repeat(400), r: 'https://ref-' + worker + '.example/', w: 1000 }), { 'user-agent': ua }, '10.0.' + worker + '.' + (i % 200));
}
stats.close();
`;

function run(script: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => resolve(code ?? -1));
  });
}

test('four processes appending 2,000 page views each to one day log lose and tear nothing', async () => {
  const script = join(dir, 'child.mjs');
  writeFileSync(script, CHILD);
  const codes = await Promise.all([1, 2, 3, 4].map((worker) => run(script, [join(dir, 'stats'), String(worker), '2000'])));
  assert.deepEqual(codes, [0, 0, 0, 0]);
  const lines = readFileSync(join(dir, 'stats/raw/2026-05-05.ndjson'), 'utf8').split('\n');
  assert.equal(lines.pop(), '');
  assert.equal(lines.length, 8000);
  const parsed = lines.map((line) => JSON.parse(line));
  for (const worker of [1, 2, 3, 4]) {
    const mine = parsed.filter((line) => line.p.startsWith(`/w${worker}/`));
    assert.equal(mine.length, 2000);
    assert.deepEqual(mine.map((line) => Number(line.p.split('/')[2])), Array.from({ length: 2000 }, (_, i) => i));
  }
  const now = Date.UTC(2026, 4, 6, 10, 0);
  const stats = new StatsService({ dir: join(dir, 'stats'), clock: () => now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['procs.example'] });
  assert.deepEqual(stats.catchUp().days, ['2026-05-05']);
  const rollup = stats.files.readDaily('2026-05-05')!;
  assert.equal(rollup.pageviews, 8000);
  assert.equal(rollup.visitors, 800);
  assert.equal(Object.values(rollup.referrers).reduce((sum, [, n]) => sum + n, 0), 8000);
});

test('a process counting today catches up from its offset with what another process appends, and a new one starts from its partial aggregate', async () => {
  const script = join(dir, 'child.ts');
  writeFileSync(script, CHILD);
  const stats = join(dir, 'today');
  const log = join(stats, 'raw/2026-05-05.ndjson');
  const open = () => new StatsService({ dir: stats, clock: () => NOW, timeZone: () => 'Europe/Berlin', siteHosts: () => ['procs.example'], salts: () => Buffer.alloc(32, 7) });
  const fromScratch = () => {
    const reference = new ReferenceDayAggregator('2026-05-05', 'Europe/Berlin');
    for (const line of parseLines<RawLine>(readFileSync(log, 'utf8'))) reference.add(line);
    return reference.toRollup();
  };
  const server = open();
  assert.equal(server.live().rollup().pageviews, 0);
  assert.equal(await run(script, [stats, '5', '400']), 0);
  assert.deepStrictEqual(server.live().rollup(), fromScratch());
  assert.equal(server.live().rollup().pageviews, 400);
  server.collect(JSON.stringify({ t: 'pv', p: '/own', r: '', w: 1000 }), { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' }, '10.1.1.1');
  assert.equal(await run(script, [stats, '6', '300']), 0);
  assert.deepStrictEqual(server.live().rollup(), fromScratch());
  server.close();
  const covered = statSync(log).size;
  assert.equal(await run(script, [stats, '7', '200']), 0);
  const next = open();
  assert.equal(next.live().resumedAt, covered);
  assert.deepStrictEqual(next.live().rollup(), fromScratch());
  assert.equal(next.live().rollup().pageviews, 901);
  next.close();
});
