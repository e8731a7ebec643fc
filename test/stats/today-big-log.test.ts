// A start on a busy day: today's raw log holds 300,000 visitors (over 50 MB). The real server answers
// stats_overview for today with the figures of a count from scratch over that log, and after a graceful
// stop the next start goes on from the partial aggregate, reading none of the log again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeTestSite, FIXED_NOW, type TestSite } from '../helpers/test-site.ts';
import { startHttp, callTool } from '../helpers/mcp-http.ts';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import { topPages, topSources, consentShare } from '../../dist/stats/overview.js';
import { averageReadingSeconds, share } from '../../dist/stats/figures.js';
import type { Rollup } from '../../src/stats/store/rollup.ts';
import type { RawLine } from '../../src/stats/store/raw-event.ts';
import { ReferenceDayAggregator } from '../helpers/reference-day-aggregator.ts';

const VISITORS = 300_000;
const TODAY = '2026-03-10';
const sites: TestSite[] = [];
after(() => { for (const site of sites) site.cleanup(); });

/**
 * Writes today's log as the collector would (one page view per visitor, a second for some, engagement for
 * many, a few events) and counts it from scratch on the way. Returns the count and the log's size.
 */
function writeBusyDay(path: string): { expected: Rollup; bytes: number } {
  const random = seededRandom(2026);
  const paths = ['/', '/hello', '/hike-day', '/about', '/about/team', '/old-news', ...Array.from({ length: 300 }, (_, i) => `/generated/${i}`)];
  const sources = [null, null, null, 'google.com', 'duckduckgo.com', 'news.ycombinator.com', 'mastodon.social'];
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * random() * items.length)]!;
  const reference = new ReferenceDayAggregator(TODAY, 'Europe/Berlin');
  const start = Date.UTC(2026, 2, 9, 23, 0); // midnight in Berlin
  const span = FIXED_NOW - 3_600_000 - start;
  mkdirSync(dirname(path), { recursive: true });
  let chunk: string[] = [];
  const emit = (line: RawLine) => {
    reference.add(line);
    chunk.push(JSON.stringify(line));
    if (chunk.length === 20_000) { appendFileSync(path, chunk.join('\n') + '\n'); chunk = []; }
  };
  for (let i = 0; i < VISITORS; i++) {
    const v = `q${i.toString(36).padStart(15, '0')}`;
    const t = start + Math.floor((i / VISITORS) * span);
    const p = pick(paths);
    const s = pick(sources);
    const base = { co: pick(['DE', 'AT', 'CH', 'US']), l: pick(['de', 'en']), d: pick(['mobile', 'desktop', 'tablet']), b: pick(['Firefox 133', 'Chrome 131', 'Safari 18']), o: pick(['Android 14', 'iOS 18', 'Windows 10']) };
    emit({ k: 'pv', t, v, p, s, c: null, f: null, ...base });
    if (random() < 0.4) emit({ k: 'en', t: t + 20_000, v, p, e: Math.floor(random() * 90_000), sc: Math.floor(random() * 101) });
    if (random() < 0.25) emit({ k: 'pv', t: t + 30_000, v, p: pick(paths), s: null, c: null, f: p, ...base });
    if (random() < 0.03) emit({ k: 'ev', t: t + 31_000, v, p, n: 'signup' });
  }
  appendFileSync(path, chunk.join('\n') + '\n');
  return { expected: reference.toRollup(), bytes: statSync(path).size };
}

async function overviewToday(site: TestSite): Promise<any> {
  const http = await startHttp(site);
  try {
    const result = await callTool(site, http.url, site.tokens.statsOnly!, 'stats_overview', { period: 'today' });
    assert.equal(result.isError, undefined, result.content?.[0]?.text);
    return result.structuredContent;
  } finally {
    await http.close();
  }
}

test('a start with 300,000 visitors in today\'s log answers stats_overview for today as a count from scratch, and the next start reads none of the log again', async () => {
  const site = await makeTestSite();
  sites.push(site);
  const log = join(site.deps.config.dataDir, 'stats/raw', `${TODAY}.ndjson`);
  const { expected, bytes } = writeBusyDay(log);
  assert.equal(expected.visitors, VISITORS);
  const content = site.deps.content;
  const wanted = {
    from: TODAY, to: TODAY,
    visitors: expected.visitors, pageviews: expected.pageviews, visits: expected.visits,
    bounce_rate: share(expected.bounces, expected.visits),
    average_reading_seconds: averageReadingSeconds(expected.engaged_ms, expected.engaged_visitors),
    consent_share: consentShare(expected),
    top_pages: topPages(expected, content, 10),
    top_sources: topSources(expected, 10),
  };
  const pick = (answer: any) => Object.fromEntries(Object.keys(wanted).map((key) => [key, answer[key]]));

  assert.deepEqual(pick(await overviewToday(site)), wanted);
  // The graceful stop (the server's SIGTERM) writes the partial aggregate.
  site.deps.stats.close();

  const restarted: TestSite = { ...site, deps: await buildDeps(site.deps.config, () => site.clock.now) };
  restarted.deps.log = () => {};
  assert.deepEqual(pick(await overviewToday(restarted)), wanted);
  assert.equal(restarted.deps.stats.live().resumedAt, bytes);
  restarted.deps.stats.close();
});
