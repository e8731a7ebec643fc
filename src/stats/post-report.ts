import { AppError } from '../errors.js';
import type { StatsService } from './stats-service.js';
import { resolvePeriod } from './periods.js';
import { buildPageIndex, type StatsContent } from './page-index.js';
import { averageReadingSeconds, round1, share, topCounts } from './figures.js';
import { eachDay } from '../lib/day-math.js';
import { dayRollup } from './day-rollups.js';
import { emptyPage, own, put, type PageRollup, type Rollup } from './store/stats-store.js';
import { aiTraffic, addCrawlerHits } from './ai-traffic.js';

export const STEP_ROWS = 8;
const SOURCES = new Set(['source'] as const);

function addPage(total: PageRollup, page: PageRollup): void {
  total.v += page.v; total.pv += page.pv; total.em += page.em; total.ev += page.ev;
  total.ss += page.ss; total.sn += page.sn; total.rd += page.rd;
  for (const key of Object.keys(page.from)) put(total.from, key, (own(total.from, key) ?? 0) + page.from[key]!);
  for (const key of Object.keys(page.to)) put(total.to, key, (own(total.to, key) ?? 0) + page.to[key]!);
}

/** Each day's rollup of the range (finished days from daily rollups, today live). */
function dailyRollups(stats: StatsService, from: string, to: string): { day: string; rollup: Rollup | null }[] {
  stats.ensureRolledUp();
  const today = stats.today();
  return eachDay(from, to).map((day) => ({ day, rollup: dayRollup(stats, day, today) }));
}

/**
 * stats_post: one entry (by id, or by the path of one of its translations; a path that is no entry is
 * reported alone) with, per language, its visitors, reading, scrolling, read rate, where readers came from,
 * where they went next, a day-by-day series and its AI traffic (ai-traffic.ts): visits from assistants' answers
 * (from the visit tables, filtered by the page) and fetches by assistants and crawlers (from the daily rollups).
 */
export function statsPost(stats: StatsService, content: StatsContent, input: { id?: string | undefined; path?: string | undefined; period: '7d' | '30d' | '90d' | '12m' }) {
  let id: string | null = null;
  let title: string | null = null;
  let targets: { language: string | null; path: string }[];
  if (input.id !== undefined) {
    let entry;
    try {
      entry = content.entry(input.id);
    } catch {
      throw new AppError('invalid_params', `id: ${input.id} is not an entry id; content_list lists the entries and their ids.`);
    }
    if (!entry) throw new AppError('not_found', `There is no entry ${input.id}; content_list lists the entries and their ids.`);
    id = entry.id;
    targets = [...entry.translations.values()].map((t) => ({ language: t.language, path: t.path }));
    const site = content.site();
    title = (entry.translations.get(site.defaultLanguage) ?? [...entry.translations.values()][0])?.title ?? null;
  } else {
    const path = input.path!;
    const info = buildPageIndex(content).get(path);
    const entry = info?.id ? content.entry(info.id) : undefined;
    if (entry) {
      id = entry.id;
      title = info!.title;
      targets = [...entry.translations.values()].map((t) => ({ language: t.language, path: t.path }));
    } else {
      // A home page (the site's title) or a path that is no entry: reported alone.
      title = info?.title ?? null;
      targets = [{ language: info?.language ?? null, path }];
    }
  }
  const range = resolvePeriod(input.period, stats.today());
  const days = dailyRollups(stats, range.from, range.to);
  const languages = targets.map(({ language, path }) => {
    const total = emptyPage();
    const crawlerHits = new Map<string, number>();
    const perDay = days.map(({ day, rollup }) => {
      const page = rollup ? own(rollup.pages, path) : undefined;
      if (page) addPage(total, page);
      if (rollup) addCrawlerHits(crawlerHits, rollup.crawlers, path);
      return { day, visitors: page?.v ?? 0, pageviews: page?.pv ?? 0 };
    });
    return {
      language,
      path,
      visitors: total.v,
      pageviews: total.pv,
      average_reading_seconds: averageReadingSeconds(total.em, total.ev),
      average_scroll_percent: total.sn > 0 ? round1(total.ss / total.sn) : null,
      read_rate: share(total.rd, total.v),
      came_from: topCounts(total.from, STEP_ROWS).map(([from, count]) => ({ from, count })),
      went_on_to: topCounts(total.to, STEP_ROWS).map(([to, count]) => ({ path: to, count })),
      per_day: perDay,
      ai_traffic: aiTraffic(stats.filtered(range.from, range.to, [{ dimension: 'page', value: path }], SOURCES).rollup.referrers, crawlerHits),
    };
  });
  return { id, title, period: input.period, from: range.from, to: range.to, languages };
}
