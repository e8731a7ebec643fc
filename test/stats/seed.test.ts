// `svc stats seed` (cli/demo-traffic/seed.ts) on a fixed clock: the same seed gives the same statistics,
// and --force replaces what it generates again instead of adding to it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../../dist/stats/stats-service.js';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import type { StatsContent } from '../../dist/stats/page-index.js';

const folders: string[] = [];
after(() => { for (const dir of folders) rmSync(dir, { recursive: true, force: true }); });

const content = {
  site: () => ({ title: 'Seed', languages: { en: 'English' }, defaultLanguage: 'en' }),
  entries: () => [],
  entry: () => undefined,
} as unknown as StatsContent;

const lineCount = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean).length : 0);

test('seed --force three times gives the same figures: raw days, their rollups and today are replaced, not added to', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-stats-seed-'));
  folders.push(dir);
  // 13:00 in Berlin: today is half over, yesterday settled.
  const stats = new StatsService({ dir, clock: () => Date.UTC(2026, 2, 10, 12, 0), timeZone: () => 'Europe/Berlin', siteHosts: () => ['seed.example'], salts: () => Buffer.alloc(32, 3) });
  const today = stats.today();
  const yesterday = '2026-03-09';
  const look = () => {
    stats.files.forget();
    return {
      today: stats.range(today, today),
      yesterday: readFileSync(stats.files.dailyPath(yesterday), 'utf8'),
      month: stats.range('2026-03-01', today).pageviews,
      lines: [stats.files.rawPath(yesterday), stats.files.botsPath(yesterday), stats.files.rawPath(today), stats.files.botsPath(today)].map(lineCount),
    };
  };
  const options = { days: 1, pageviewsPerDay: 400, rawDays: 1, seed: 7 };
  const first = seedStats(stats, content, options);
  const seen = look();
  assert.ok(seen.today.pageviews > 0 && seen.lines.every((count) => count > 0), JSON.stringify(seen.lines));
  assert.equal(seen.month, first.pageviews);
  for (let run = 2; run <= 3; run++) {
    const again = seedStats(stats, content, { ...options, force: true });
    assert.equal(again.pageviews, first.pageviews, `run ${run}`);
    assert.deepEqual(look(), seen, `run ${run}`);
  }
  // Without --force the days kept are left as they are.
  assert.equal(seedStats(stats, content, options).skipped, 1);
  assert.deepEqual(look(), seen);
  // Another seed with --force: yesterday's rollup is made again from its new lines, not kept from before.
  seedStats(stats, content, { ...options, seed: 8, force: true });
  stats.files.forget();
  const views = readFileSync(stats.files.rawPath(yesterday), 'utf8').split('\n').filter((line) => line.includes('"k":"pv"')).length;
  assert.notEqual(readFileSync(stats.files.dailyPath(yesterday), 'utf8'), seen.yesterday);
  assert.equal(stats.files.readDaily(yesterday)!.pageviews, views);
});
