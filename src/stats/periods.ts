import { addDays, daysBetween } from '../lib/day-math.js';

export const OVERVIEW_PERIODS = ['today', 'yesterday', '7d', '30d', '90d', '12m', 'month'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const POST_PERIODS = ['7d', '30d', '90d', '12m'] as const;
export const CRAWLER_PERIODS = ['today', '7d', '30d', '90d'] as const;

export interface DayRange { from: string; to: string }

function monthsBack(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** The days a period covers, ending today (site time zone); `7d` = the last seven days including today. */
export function resolvePeriod(period: OverviewPeriod, today: string): DayRange {
  switch (period) {
    case 'today': return { from: today, to: today };
    case 'yesterday': { const day = addDays(today, -1); return { from: day, to: day }; }
    case '7d': return { from: addDays(today, -6), to: today };
    case '30d': return { from: addDays(today, -29), to: today };
    case '90d': return { from: addDays(today, -89), to: today };
    case '12m': return { from: addDays(monthsBack(today, 12), 1), to: today };
    case 'month': return { from: `${today.slice(0, 7)}-01`, to: today };
  }
}

/** The period just before: as many days ending the day before (for `month`, the same days of last month). */
export function previousRange(period: OverviewPeriod, range: DayRange): DayRange {
  if (period === 'month') {
    const from = monthsBack(range.from, 1);
    const to = monthsBack(range.to, 1);
    return { from, to: to < from ? from : to };
  }
  const length = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Change from `before` to `now` in percent, one decimal; null when there is nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
