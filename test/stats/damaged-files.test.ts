// Statistics files damaged by hand or by a disk: a raw line whose time is no instant is passed over like a
// line that is no JSON, and never stops the rest.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../../dist/stats/stats-service.js';

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';

function makeStats(now: number) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-stats-damaged-'));
  folders.push(dir);
  const clock = { now };
  const stats = new StatsService({ dir, clock: () => clock.now, timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'], salts: () => Buffer.alloc(32, 7) });
  const pv = (path: string, ip = '203.0.113.7') => stats.collect(JSON.stringify({ t: 'pv', p: path, r: '', w: 1280, l: 'de-DE' }), { 'user-agent': FIREFOX }, ip);
  return { stats, clock, dir, pv };
}

/** Lines whose `t` no clock reads: past the last instant a Date holds, 1e999 (Infinity in JSON), a string, none. */
const TIMELESS = [
  '{"k":"pv","t":99999999999999999999,"v":"b","p":"/x"}',
  '{"k":"pv","t":1e999,"v":"b","p":"/x"}',
  '{"k":"pv","t":"soon","v":"b","p":"/x"}',
  '{"k":"ev","v":"b","p":"/x","n":"signup"}',
  '{"k":"en","t":-1e300,"v":"b","p":"/x","e":5000,"sc":50}',
  'null',
];

test('a raw line whose time is no instant is passed over: the rollups of its day and of later days are written', () => {
  const { stats, clock, dir, pv } = makeStats(Date.UTC(2026, 0, 14, 12, 0));
  pv('/a');
  pv('/b', '198.51.100.1');
  appendFileSync(join(dir, 'raw', '2026-01-14.ndjson'), TIMELESS.join('\n') + '\n');
  clock.now = Date.UTC(2026, 0, 15, 12, 0);
  pv('/later');
  clock.now = Date.UTC(2026, 0, 16, 12, 0);
  assert.deepEqual(stats.catchUp().days, ['2026-01-14', '2026-01-15']);
  const day = stats.files.readDaily('2026-01-14')!;
  assert.equal(day.pageviews, 2);
  assert.equal(day.hours.reduce((sum, [, views]) => sum + views, 0), 2);
  assert.equal(Object.hasOwn(day.pages, '/x'), false);
  assert.deepEqual(day.events, {});
  assert.equal(stats.files.readDaily('2026-01-15')!.pageviews, 1);
  // Every line is kept, and no visitor key is (the line `null` among them stopped the rewrite).
  const kept = readFileSync(join(dir, 'raw', '2026-01-14.ndjson'), 'utf8').trim().split('\n');
  assert.equal(kept.length, 2 + TIMELESS.length);
  assert.equal(kept.some((line) => line.includes('"v"')), false);
});

test('in today\'s log such a line leaves today\'s figures as they were', () => {
  const { stats, dir, pv } = makeStats(Date.UTC(2026, 0, 14, 12, 0));
  pv('/a');
  assert.equal(stats.range('2026-01-14', '2026-01-14').pageviews, 1);
  appendFileSync(join(dir, 'raw', '2026-01-14.ndjson'), TIMELESS.join('\n') + '\n');
  pv('/b', '198.51.100.1');
  const today = stats.range('2026-01-14', '2026-01-14');
  assert.equal(today.pageviews, 2);
  assert.equal(today.hours[13]![1], 2);
  // A process that counts the day from the start agrees.
  const fresh = new StatsService({ dir, clock: () => Date.UTC(2026, 0, 14, 12, 5), timeZone: () => 'Europe/Berlin', siteHosts: () => ['alps.example'], salts: () => Buffer.alloc(32, 7) });
  assert.equal(fresh.range('2026-01-14', '2026-01-14').pageviews, 2);
});
