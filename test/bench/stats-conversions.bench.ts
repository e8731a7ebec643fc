// Goals, funnels, custom properties (and the export, when built) over 400 days and 10 million page views
// (DESIGN.md section 5 and issue 36's budgets): a goal's conversions under 100 ms, a 4-step funnel under
// 300 ms, a property breakdown under 100 ms. Past days are generated page view by page view into rollups and
// visit tables (seed.ts: events carry a `plan` property), as stats.bench.ts does; each question is asked in
// a running process (tables read once), median of five.
// Run: node --import tsx test/bench/stats-conversions.bench.ts [--pageviews 10000000] [--keep]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ContentStore } from '../../dist/content/store.js';
import { loadConfig } from '../../dist/config.js';
import { createStatsService } from '../../dist/wiring/create-stats-service.js';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';
import { goalFigures } from '../../dist/stats/goal-report.js';
import { funnelFigures } from '../../dist/stats/funnel-report.js';
import { propertyBreakdown } from '../../dist/stats/property-breakdown.js';
import { parseFilters } from '../../dist/stats/stats-filters.js';
import { addDays } from '../../dist/lib/day-math.js';
import { writeStatsExport } from '../../dist/stats/stats-export.js';
import { ZipWriter } from '../../dist/lib/zip-writer.js';
import { Writable } from 'node:stream';

const GOAL_BUDGET_MS = 100, FUNNEL_BUDGET_MS = 300, PROPS_BUDGET_MS = 100, EXPORT_BUDGET_MS = 10_000;
const { values } = parseArgs({ options: { pageviews: { type: 'string', default: '10000000' }, keep: { type: 'boolean', default: false } } });
const repo = resolve(fileURLToPath(import.meta.url), '../../..');
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function median(run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); run(); times.push(performance.now() - t); }
  return times.sort((a, b) => a - b)[2]!;
}

/** The whole export of the range into a receiver that counts the bytes, with the resident set watched as it goes. */
async function timeExport(stats: ReturnType<typeof createStatsService>, from: string, to: string) {
  let bytes = 0;
  const sink = new Writable({ write(chunk: Buffer, _encoding, done) { bytes += chunk.length; setImmediate(done); }, highWaterMark: 256 * 1024 });
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const watch = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const t = performance.now();
  await writeStatsExport(stats, from, to, new ZipWriter(sink));
  const ms = performance.now() - t;
  clearInterval(watch);
  return { ms, bytes, growthMb: (peak - rssBefore) / 1e6 };
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'svc-bench-conversions-'));
  try {
    cpSync(join(repo, 'content'), join(root, 'content'), { recursive: true });
    const config = loadConfig(['--root', root]);
    const content = new ContentStore({ root, clock: Date.now, log: () => {} });
    const generator = createStatsService(config, content, Date.now);
    const seeded = seedStats(generator, content, { days: 400, pageviewsPerDay: Math.ceil(Number(values.pageviews) / 399), extraPages: 500, seed: 7 });
    generator.catchUp();
    generator.close();
    const stats = createStatsService(config, content, Date.now);
    const to = stats.today(), from = addDays(to, -399);
    const pageGoal = stats.goals.add({ kind: 'page', pattern: '/generated/*' });
    const eventGoal = stats.goals.add({ kind: 'event', event: 'newsletter_signup' });
    const first = performance.now();
    goalFigures(stats, from, to, [], [pageGoal]);
    const firstMs = performance.now() - first;
    const goalMs = median(() => goalFigures(stats, from, to, [], [pageGoal]));
    const eventMs = median(() => goalFigures(stats, from, to, [], [eventGoal]));
    const filteredGoalMs = median(() => goalFigures(stats, from, to, parseFilters(['country:DE']), [pageGoal, eventGoal]));
    const steps = ['/', '/generated/*', `goal:${eventGoal.id}`, '/*'];
    const funnelMs = median(() => funnelFigures(stats, from, to, steps, []));
    const funnel = funnelFigures(stats, from, to, steps, []);
    const propsMs = median(() => propertyBreakdown(stats, from, to, [], { property: 'plan' }));
    const namesMs = median(() => propertyBreakdown(stats, from, to, [], { names: true }));
    const props = propertyBreakdown(stats, from, to, [], { property: 'plan' });
    const exported = await timeExport(stats, from, to);
    stats.close();
    const verdict = (ms: number, budget: number) => { if (ms >= budget) process.exitCode = 1; return `budget < ${budget} ms: ${ms < budget ? 'OK' : 'OVER'}`; };
    process.stdout.write([
      '',
      `conversions: ${fmt(seeded.pageviews)} page views over 400 days on ${fmt(seeded.paths)} pages; the first goal question of a fresh process ${fmt(firstMs, 1)} ms (reads 400 days of visit tables)`,
      `conversions: a page goal (/generated/*) ${fmt(goalMs, 1)} ms median  ${verdict(goalMs, GOAL_BUDGET_MS)}`,
      `conversions: an event goal (newsletter_signup) ${fmt(eventMs, 1)} ms median  ${verdict(eventMs, GOAL_BUDGET_MS)}; both filtered by country DE ${fmt(filteredGoalMs, 1)} ms`,
      `conversions: a 4-step funnel (${steps.join(' > ')}: ${funnel.steps.map((s) => fmt(s.visitors)).join(' > ')} visitors) ${fmt(funnelMs, 1)} ms median  ${verdict(funnelMs, FUNNEL_BUDGET_MS)}`,
      `conversions: the export of 400 days (a ZIP of ${fmt(15)} CSV files, ${fmt(exported.bytes / 1e6, 1)} MB, streamed into a slow receiver) ${fmt(exported.ms)} ms, resident set grew ${fmt(exported.growthMb, 1)} MB at most  ${verdict(exported.ms, EXPORT_BUDGET_MS)}`,
      `conversions: the values of the property plan (${props.rows.map((r) => `${r.key} ${fmt(r.events)}`).join(', ')}) ${fmt(propsMs, 1)} ms median  ${verdict(propsMs, PROPS_BUDGET_MS)}; property names ${fmt(namesMs, 1)} ms`,
      '',
    ].join('\n'));
  } finally {
    if (values.keep) process.stdout.write(`kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`stats-conversions.bench: ${(error as Error)?.stack ?? error}\n`);
  process.exitCode = 1;
});
