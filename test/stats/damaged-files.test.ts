// Statistics files damaged by hand or by a disk: a raw line whose time is no instant, a rollup file of
// another shape. Each is passed over like a line or file that is no JSON, and never stops the rest.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Rollup files of another shape: each is damaged, as one that is no JSON is. */
const MISSHAPEN: [string, string][] = [
  ['an array', '[]'],
  ['a page without hours', '{"from":"2026-01-13","to":"2026-01-13","pages":{"/":{"v":-1}}}'],
  ['hours of 23', JSON.stringify({ ...shapeOfEmpty(), hours: Array.from({ length: 23 }, () => [0, 0]) })],
  ['a negative count', JSON.stringify({ ...shapeOfEmpty(), visitors: -1 })],
  ['a count past every number', JSON.stringify(shapeOfEmpty()).replace('"pageviews":0', '"pageviews":1e999')],
  ['a page with a negative count', JSON.stringify({ ...shapeOfEmpty(), pages: { '/': { v: 1, pv: -5, em: 0, ev: 0, ss: 0, sn: 0, rd: 0, from: {}, to: {} } } })],
  ['a dimension of strings', JSON.stringify({ ...shapeOfEmpty(), countries: { DE: ['1', '1'] } })],
];

function shapeOfEmpty() {
  return {
    from: '2026-01-13', to: '2026-01-13', visitors: 0, pageviews: 0, visits: 0, bounces: 0, engaged_ms: 0, engaged_visitors: 0,
    hours: Array.from({ length: 24 }, () => [0, 0]), days: {}, pages: {}, referrers: {}, campaigns: {}, countries: {}, languages: {},
    devices: {}, browsers: {}, os: {}, events: {}, crawlers: {}, bots: {}, consent: { decisions: 0, agreed: {}, actions: {}, versions: {} },
  };
}

test('a daily rollup of another shape is damaged, as one that is no JSON: the range is counted without it', () => {
  const { stats, clock, dir, pv } = makeStats(Date.UTC(2026, 0, 13, 12, 0));
  pv('/a');
  clock.now = Date.UTC(2026, 0, 14, 12, 0);
  pv('/b');
  pv('/b', '198.51.100.1');
  clock.now = Date.UTC(2026, 0, 16, 12, 0);
  stats.catchUp();
  const daily = join(dir, 'daily', '2026-01-13.json');
  const answer = (text: string, withRaw: boolean) => {
    writeFileSync(daily, text);
    if (!withRaw) rmSync(join(dir, 'raw', '2026-01-13.ndjson'), { force: true });
    stats.files.forget();
    return { range: stats.range('2026-01-13', '2026-01-15'), daily: stats.files.readDaily('2026-01-13') };
  };
  // With its raw log there, the day is counted from it; without, it is left out.
  for (const withRaw of [true, false]) {
    const noJson = answer('{"from": "2026-01-13", "hours": [', withRaw);
    assert.equal(noJson.daily, null);
    assert.equal(noJson.range.pageviews, withRaw ? 3 : 2);
    for (const [what, text] of MISSHAPEN) {
      const misshapen = answer(text, withRaw);
      assert.equal(misshapen.daily, null, what);
      assert.deepEqual(misshapen.range, noJson.range, what);
    }
  }
  // The shape the code writes is read as it is.
  writeFileSync(daily, JSON.stringify({ ...shapeOfEmpty(), pageviews: 4, hours: Array.from({ length: 24 }, (_, h) => [0, h === 9 ? 4 : 0]) }));
  stats.files.forget();
  assert.equal(stats.range('2026-01-13', '2026-01-15').pageviews, 6);
});

test('a monthly rollup of another shape is passed over for the days\' own rollups', () => {
  const { stats, clock, dir, pv } = makeStats(Date.UTC(2026, 0, 13, 12, 0));
  pv('/a');
  clock.now = Date.UTC(2026, 1, 3, 12, 0);
  stats.catchUp();
  assert.equal(stats.range('2026-01-01', '2026-01-31').pageviews, 1);
  for (const [what, text] of MISSHAPEN) {
    writeFileSync(join(dir, 'monthly', '2026-01.json'), text);
    stats.files.forget();
    assert.equal(stats.files.readMonthly('2026-01'), null, what);
    assert.equal(stats.range('2026-01-01', '2026-01-31').pageviews, 1, what);
  }
});
