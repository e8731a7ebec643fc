// Calendar arithmetic on `YYYY-MM-DD` day names (no time zone involved: a day name is already local).

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a day name given from outside may have. Every day a range reaches from them (its previous
 * period, up to 400 days before; its last week or month, up to a month after) stays a name of four-digit
 * years, which compare in calendar order as text: the loops over days stop on `day <= to`. The day after
 * 9999-12-31 is written `+010000-01-01`, which sorts before it, and a range ending there went on for ever.
 */
export const FIRST_YEAR = 1000;
export const LAST_YEAR = 9998;

/** Whether `text` is a day that exists, written YYYY-MM-DD, in the years FIRST_YEAR to LAST_YEAR. */
export function isDayName(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The day `days` after `day` (before, when negative); a RangeError past the four-digit years. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  const year = date.getUTCFullYear();
  // Not a day name that compares in order with the others: a loop stepping to it would never end.
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`${day} and ${days} days is outside the years 0000 to 9999.`);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function firstDayOfMonth(month: string): string {
  return `${month}-01`;
}

export function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
}

/** A day in the month `months` before the month of `day`. */
export function monthsBefore(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-15T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString().slice(0, 10);
}
