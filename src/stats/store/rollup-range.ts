// The finished days of a range read from rollups: a month's rollup for a whole finished month, a day's
// for the other days. Raw logs are read only for a finished day not yet rolled up (the few minutes after
// midnight). Today's live counts are added by the caller (stats-service.ts).
import { statNoFollow } from '../../lib/no-follow.js';
import type { RollupFiles } from './rollup-files.js';
import { rollupDay } from './catch-up.js';
import { emptyRollup, mergeInto, type Rollup } from './rollup.js';
import { addDays, firstDayOfMonth, lastDayOfMonth, monthOf } from '../../lib/day-math.js';

/** Everything counted from `from` to `to` (day names, both included) before `today`, as one rollup of the range. */
export function finishedDays(files: RollupFiles, from: string, to: string, today: string, timeZone: string): Rollup {
  const total = emptyRollup(from, to);
  let day = from;
  while (day <= to && day < today) {
    const month = monthOf(day);
    const monthEnd = lastDayOfMonth(month);
    if (day === firstDayOfMonth(month) && monthEnd <= to && monthEnd < today) {
      const monthly = files.readMonthly(month);
      if (monthly) {
        mergeInto(total, monthly, false);
        day = addDays(monthEnd, 1);
        continue;
      }
    }
    const daily = files.readDaily(day);
    if (daily) mergeInto(total, daily, false);
    else if (statNoFollow(files.trusted, files.rawPath(day)) !== undefined || statNoFollow(files.trusted, files.botsPath(day)) !== undefined) mergeInto(total, rollupDay(files, day, timeZone), false);
    day = addDays(day, 1);
  }
  total.from = from;
  total.to = to;
  return total;
}
