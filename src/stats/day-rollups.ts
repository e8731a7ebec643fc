// One day's rollup, whichever way the day is kept: a finished day from its daily rollup (or, in the minutes
// after midnight before it is rolled up, from its raw log), today from the live counts, a future day none.
import { statNoFollow } from '../lib/no-follow.js';
import type { StatsService } from './stats-service.js';
import { rollupDay, type Rollup } from './store/stats-store.js';

export function dayRollup(stats: StatsService, day: string, today = stats.today()): Rollup | null {
  if (day === today) return stats.live().rollup();
  if (day > today) return null;
  return stats.files.readDaily(day)
    ?? (statNoFollow(stats.files.trusted, stats.files.rawPath(day)) !== undefined ? rollupDay(stats.files, day, stats.timeZone) : null);
}
