// How the Statistics pages write days, months and ranges in the panel's language. English keeps the ISO
// days it has always shown (2026-03-04, and the tests and habits built on them); a language whose words say
// `dateStyle: 'local'` writes them as its people do (4.3.2026, März 2026), through Intl.
import { fill, words } from '../words/panel-words.js';

// Intl's formatters cost some microseconds to make: one per locale and shape is kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, shape: 'day' | 'month'): Intl.DateTimeFormat {
  const key = `${locale} ${shape}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions = shape === 'day' ? { day: 'numeric', month: 'numeric', year: 'numeric' } : { month: 'long', year: 'numeric' };
    formatters.set(key, made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));
  }
  return made;
}

const local = () => words().stats.dateStyle !== 'iso';

/** A day (YYYY-MM-DD) as the language writes it; anything else is left as it is. */
export function dayText(day: string): string {
  if (!local() || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  return formatter(words().locale, 'day').format(new Date(`${day}T00:00:00Z`));
}

/** A month (YYYY-MM) as the language writes it. */
export function monthText(month: string): string {
  if (!local() || !/^\d{4}-\d{2}$/.test(month)) return month;
  return formatter(words().locale, 'month').format(new Date(`${month}-01T00:00:00Z`));
}

/** One day, or "from to" (the same day once). */
export function rangeText(from: string, to: string): string {
  return from === to ? dayText(from) : fill(words().stats.range, { from: dayText(from), to: dayText(to) });
}
