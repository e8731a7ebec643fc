import { systemClock } from '../lib/clock.js';
import { ContentStore } from '../content/store.js';
import { createStatsService } from '../wiring/create-stats-service.js';
import { seedStats } from './demo-traffic/seed.js';
import type { StatsService } from '../stats/stats-service.js';
import type { StatsContent } from '../stats/page-index.js';
import { UsageError } from './cli-error.js';
import type { CommandShape, Parsed } from './options.js';

/** Each stats command's own options: anything else is refused (cli/options.ts). */
export const STATS_COMMANDS: Record<string, CommandShape> = {
  seed: {
    options: {
      days: { type: 'string' }, 'pageviews-per-day': { type: 'string' }, 'extra-pages': { type: 'string' },
      'raw-days': { type: 'string' }, seed: { type: 'string' }, force: { type: 'boolean' },
    },
    arguments: 0,
  },
  rollup: { options: {}, arguments: 0 },
};

function whole(values: Parsed['values'], name: string, fallback: number, min: number, max: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  // Any count of digits: the range says the rest (a cap of nine digits refused --seed 2147483648, and
  // every value from 1000000000 up, while the message offered them). Digits past 2^53 only grow the number.
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} takes a whole number from ${min} to ${max}.`);
  }
  return Number(raw);
}

/**
 * `svc stats seed` fills the statistics with generated traffic over the site's real pages;
 * `svc stats rollup` writes the rollups of finished days and months now and applies retention.
 */
export async function runStatsCommand(sub: string | undefined, parsed: Parsed, print: (line: string) => void): Promise<void> {
  const { config, values } = parsed;
  // The values first: a bad one is refused before the statistics are opened.
  const seedOptions = sub !== 'seed' ? null : {
    days: whole(values, 'days', 400, 0, 800),
    pageviewsPerDay: whole(values, 'pageviews-per-day', 250, 0, 1_000_000),
    extraPages: whole(values, 'extra-pages', 0, 0, 100_000),
    rawDays: whole(values, 'raw-days', 0, 0, 35),
    // The generator takes the seed as 32 bits (seed-random.ts): every one of them makes other traffic.
    seed: whole(values, 'seed', 1, 0, 2 ** 32 - 1),
    force: values.force === true,
  };
  const log = (line: string) => process.stderr.write(line + '\n');
  const content = new ContentStore({ root: config.root, clock: systemClock, log, baseUrl: () => config.baseUrl, trustedFolders: parsed.trustedFolders });
  const stats = createStatsService(config, content, systemClock, undefined, parsed.trustedFolders);
  try {
    switch (sub) {
      case 'seed': {
        const started = Date.now();
        const result = seedStats(stats, content, seedOptions!);
        print(`Generated ${result.pageviews} page views over ${result.days} days and today (${result.paths} pages, ${result.rawLines} raw log lines, ${result.months} monthly rollups) in ${Date.now() - started} ms.`);
        if (result.skipped > 0) print(`Kept ${result.skipped} days that already had statistics (--force overwrites them).`);
        print(`Statistics are in ${stats.dir}.`);
        return;
      }
      case 'rollup': {
        const result = stats.catchUp();
        print(`Rolled up ${result.days.length} day${result.days.length === 1 ? '' : 's'}${result.days.length > 0 ? ` (${result.days[0]} to ${result.days[result.days.length - 1]})` : ''} and ${result.months.length} month${result.months.length === 1 ? '' : 's'}; removed ${result.deleted.length} file${result.deleted.length === 1 ? '' : 's'} past retention.`);
        return;
      }
      default:
        // run-cli.ts has checked the command against STATS_COMMANDS.
        throw new UsageError(`Unknown stats command "${sub}".`);
    }
  } finally {
    stats.close();
  }
}

/** `svc demo`: on a site without statistics yet, generates 400 days of traffic so the numbers look alive. */
export function seedDemoStats(stats: StatsService, content: StatsContent, print: (line: string) => void): void {
  if (stats.files.list('daily').length > 0 || stats.files.list('raw').length > 0) return;
  const result = seedStats(stats, content, {});
  print(`Generated demo statistics: ${result.pageviews} page views over ${result.days} days.`);
}
