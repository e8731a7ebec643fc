// What the Statistics page's address asks for: a period or a custom range, filters, the chart's figure and
// grouping, and one table shown whole (paged). Everything lives in the address, so a view can be shared;
// anything unreadable is one sentence, never a guess.
import { OVERVIEW_PERIODS, resolvePeriod, type OverviewPeriod } from '../../stats/periods.js';
import { isDayName, daysBetween, FIRST_YEAR, LAST_YEAR } from '../../lib/day-math.js';
import { MAX_QUERY_DAYS } from '../../stats/stats-inputs.js';
import { parseFilters, filterText, sortFilters, type StatsFilter } from '../../stats/stats-filters.js';
import type { QueryDimension } from '../../stats/dimension-query.js';
import { AppError } from '../../errors.js';
import { fill, words } from '../words/panel-words.js';

export const STATS_PATH = '/svc/panel/stats';
export const STATS_EXPORT_PATH = '/svc/panel/stats/export';
export const STATS_REALTIME_PATH = '/svc/panel/stats/realtime';
export const STATS_EXPORT_ZIP_PATH = '/svc/panel/stats/export.zip';

export const DEFAULT_PERIOD: OverviewPeriod = '7d';
export const METRICS = ['visitors', 'pageviews', 'reading'] as const;
export type Metric = (typeof METRICS)[number];
export const GROUPINGS = ['day', 'week', 'month'] as const;
export type Grouping = 'hour' | (typeof GROUPINGS)[number];
/** The tables of the page, in the order shown. */
export const TABLES = ['pages', 'referrers', 'channels', 'entry_pages', 'exit_pages', 'campaigns', 'countries', 'languages', 'devices', 'browsers', 'os', 'events'] as const;
export type TableName = (typeof TABLES)[number] & QueryDimension;
/** Rows per page of a table shown whole. */
export const PAGE_ROWS = 50;

export interface StatsView {
  /** null for a custom range */
  period: OverviewPeriod | null;
  from: string;
  to: string;
  filters: StatsFilter[];
  metric: Metric;
  /** the chart's buckets, and whether the address chose them */
  group: Grouping;
  groupChosen: boolean;
  /** a table shown whole, and which page of it */
  show: TableName | null;
  page: number;
}

export type StatsViewParse = { ok: true; view: StatsView } | { ok: false; sentence: string };

/** Hours for one day; days up to a month; weeks up to half a year; months beyond. */
export function defaultGrouping(from: string, to: string): Grouping {
  const days = daysBetween(from, to) + 1;
  return days === 1 ? 'hour' : days <= 31 ? 'day' : days <= 183 ? 'week' : 'month';
}

const shown = (value: string) => fill(words().stats.address.quoted, { value: value.slice(0, 40) });
const sentence = () => words().stats.address;

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new AppError('invalid_params', fill(sentence().once, { name }));
  return values[0];
}

function oneOf<T extends string>(params: URLSearchParams, name: string, values: readonly T[], what: 'chartFigure' | 'grouping' | 'table'): T | undefined {
  const value = single(params, name);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) throw new AppError('invalid_params', fill(sentence().oneOf, { what: sentence()[what], value: shown(value), choices: values.join(', ') }));
  return value as T;
}

function parseRange(params: URLSearchParams, today: string): { period: OverviewPeriod | null; from: string; to: string } {
  const periods = params.getAll('period');
  const from = single(params, 'from');
  const to = single(params, 'to');
  if (from === undefined && to === undefined) {
    if (periods.length === 0) return { period: DEFAULT_PERIOD, ...resolvePeriod(DEFAULT_PERIOD, today) };
    const value = periods[0]!;
    if (periods.length === 1 && (OVERVIEW_PERIODS as readonly string[]).includes(value)) return { period: value as OverviewPeriod, ...resolvePeriod(value as OverviewPeriod, today) };
    const w = sentence();
    const what = periods.length > 1 ? w.morePeriods : value === '' ? w.emptyPeriod : fill(w.thePeriod, { value: shown(value) });
    throw new AppError('invalid_params', fill(w.period, { what, choices: OVERVIEW_PERIODS.join(', ') }));
  }
  if (periods.length > 0) throw new AppError('invalid_params', sentence().periodAndRange);
  if (from === undefined || to === undefined) throw new AppError('invalid_params', sentence().rangeBoth);
  for (const [name, value] of [['from', from], ['to', to]] as const) {
    if (!isDayName(value)) throw new AppError('invalid_params', fill(sentence().badDay, { name, value: shown(value), first: String(FIRST_YEAR), last: String(LAST_YEAR) }));
  }
  if (to < from) throw new AppError('invalid_params', fill(sentence().rangeOrder, { to, from }));
  if (daysBetween(from, to) > MAX_QUERY_DAYS) throw new AppError('invalid_params', fill(sentence().rangeLong, { from, to, max: MAX_QUERY_DAYS }));
  return { period: null, from, to };
}

export function parseStatsView(params: URLSearchParams, today: string): StatsViewParse {
  try {
    const range = parseRange(params, today);
    const filters = parseFilters(params.getAll('filter'));
    const metric = oneOf(params, 'metric', METRICS, 'chartFigure') ?? 'visitors';
    const automatic = defaultGrouping(range.from, range.to);
    const chosen = automatic === 'hour' ? undefined : oneOf(params, 'group', GROUPINGS, 'grouping');
    const show = oneOf(params, 'show', TABLES, 'table') ?? null;
    const pageText = single(params, 'page') ?? '1';
    if (!/^[1-9]\d{0,5}$/.test(pageText)) throw new AppError('invalid_params', fill(sentence().badPage, { value: shown(pageText) }));
    return { ok: true, view: { ...range, filters, metric, group: chosen ?? automatic, groupChosen: chosen !== undefined, show, page: Number(pageText) } };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, sentence: error.message };
    throw error;
  }
}

export interface ViewChange {
  period?: OverviewPeriod | null; from?: string; to?: string; filters?: StatsFilter[]; metric?: Metric;
  group?: Grouping | null; show?: TableName | null; page?: number;
}

/** The address of the view with `change` applied; defaults are left out, so plain views keep plain addresses. */
export function viewHref(view: StatsView, change: ViewChange = {}, path = STATS_PATH): string {
  const next = { ...view, ...change };
  const params = new URLSearchParams();
  if (next.period) params.append('period', next.period);
  else { params.append('from', next.from); params.append('to', next.to); }
  for (const filter of sortFilters(next.filters)) params.append('filter', filterText(filter));
  if (next.metric !== 'visitors') params.append('metric', next.metric);
  const group = 'group' in change ? change.group : view.groupChosen ? view.group : null;
  if (group && group !== 'hour') params.append('group', group);
  if (next.show) params.append('show', next.show);
  if (next.show && next.page > 1) params.append('page', String(next.page));
  return `${path}?${params.toString()}`;
}
