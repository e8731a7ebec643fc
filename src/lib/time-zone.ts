// Dates and times in the site's time zone with Intl only (no time-zone library).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number }

/** The wall-clock reading in `timeZone` at instant `ms`: UTC fields of the instant moved by the offset. */
export function wallClock(ms: number, timeZone: string): WallClock {
  const local = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return {
    year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(),
    hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds(),
  };
}

function wallClockFromIntl(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/**
 * Intl's formatToParts is slow (a 10,000-entry site would take seconds to load), so offsets are cached.
 * Zones change their offset at most once a day, so when the offsets at the start of a UTC day and of the
 * next agree, it holds for the whole day; on a day with a change, quarter hours are cached instead (every
 * offset in the tz database is a multiple of 15 minutes and changes happen on local whole or half hours).
 */
const DAY = 86_400_000;
const QUARTER_HOUR = 900_000;
/**
 * Per time zone: the offset at the start of each UTC day met (`starts`), the offset of each whole day (NaN:
 * the day has a change in it) and by quarter hour on such days.
 */
interface ZoneOffsets { starts: Map<number, number>; days: Map<number, number>; quarters: Map<number, number> }
const offsetCaches = new Map<string, ZoneOffsets>();
/**
 * At most this many offsets kept per zone. Keyed by number, not by a string made per call: a 100,000-post
 * site spans some 10,000 days, and keys like `Europe/Berlin|d19358` took some 1 MB of the server's heap
 * (and a string per call).
 */
const MAX_CACHED = 100_000;
/** At most this many zones' offsets kept (each bounded as above). */
const MAX_ZONES = 8;

function intlOffset(at: number, timeZone: string): number {
  const w = wallClockFromIntl(at, timeZone);
  return Math.round((utcMs(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at) / 60_000);
}

/**
 * Date.UTC for every year: Date.UTC reads the years 0 to 99 as 1900 to 1999, so a time written 0050-06-15
 * became 1950. The year is set apart, after the rest (month and day already checked by the caller).
 */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  if (year > 99) return Date.UTC(year, month, day, hour, minute, second);
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second));
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

function cached(zone: ZoneOffsets, map: Map<number, number>, key: number, compute: () => number): number {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    if (zone.starts.size + zone.days.size + zone.quarters.size >= MAX_CACHED) {
      zone.starts.clear();
      zone.days.clear();
      zone.quarters.clear();
    }
    map.set(key, value);
  }
  return value;
}

/** Minutes `timeZone` is ahead of UTC at instant `ms`. */
export function offsetMinutes(ms: number, timeZone: string): number {
  let zone = offsetCaches.get(timeZone);
  if (zone === undefined) {
    // A process uses the site's zone (a test, a few): more than this means zones come and go; start over.
    if (offsetCaches.size >= MAX_ZONES) offsetCaches.clear();
    offsetCaches.set(timeZone, (zone = { starts: new Map(), days: new Map(), quarters: new Map() }));
  }
  const day = Math.floor(ms / DAY);
  const whole = zone.days.get(day) ?? dayOffset(zone, day, timeZone);
  if (!Number.isNaN(whole)) return whole;
  const bucket = Math.floor(ms / QUARTER_HOUR);
  return cached(zone, zone.quarters, bucket, () => intlOffset(bucket * QUARTER_HOUR, timeZone));
}

/**
 * A day's offset from the offsets at its start and at the next day's start, each asked of Intl once and
 * shared by the two days it bounds: a first start meets some 10,000 days at 100,000 posts, and Intl's
 * formatToParts was most of the time its dates took. A change exactly at the next midnight makes the day
 * look changed: its quarter hours are then asked for, which still answer right.
 */
function dayOffset(zone: ZoneOffsets, day: number, timeZone: string): number {
  const startOf = (d: number) => cached(zone, zone.starts, d, () => intlOffset(d * DAY, timeZone));
  const first = startOf(day);
  return cached(zone, zone.days, day, () => (first === startOf(day + 1) ? first : Number.NaN));
}

/**
 * A valid zone name with the letter case of the time zone database (`europe/berlin` is Europe/Berlin):
 * Intl takes any case, but the database's own readers elsewhere (Python's zoneinfo, Java, PHP) do not. An
 * alias keeps its own name (US/Pacific is not made America/Los_Angeles): only the case is settled.
 */
export function timeZoneCased(timeZone: string): string {
  const resolved = formatterFor(timeZone).resolvedOptions().timeZone;
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` in the site time zone. */
export function formatSiteDate(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** `YYYY-MM-DD HH:MM` in the site time zone. */
export function formatSiteTime(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/** ISO 8601 with the zone's offset, e.g. `2026-03-02T08:00:00+01:00`. */
export function formatIsoWithOffset(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  const offset = offsetMinutes(ms, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The number written by the ASCII digits text[from, from + count), or -1 where one is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Reads `YYYY-MM-DD HH:MM` (or `YYYY-MM-DD`, meaning midnight; `T` may stand for the space) as a wall-clock
 * time in `timeZone`. Returns null for text that is not such a time or names a day that does not exist
 * (2026-02-30). A wall time skipped by a daylight-saving jump resolves to the instant just after the jump.
 * Read character by character: a first start reads two of these for each of 200,000 translations.
 */
export function parseSiteTime(text: string, timeZone: string): number | null {
  const trimmed = text.trim();
  const withTime = trimmed.length === 16;
  if ((trimmed.length !== 10 && !withTime) || trimmed[4] !== '-' || trimmed[7] !== '-') return null;
  if (withTime && ((trimmed[10] !== ' ' && trimmed[10] !== 'T') || trimmed[13] !== ':')) return null;
  const year = digitsAt(trimmed, 0, 4);
  const month = digitsAt(trimmed, 5, 2);
  const day = digitsAt(trimmed, 8, 2);
  const hour = withTime ? digitsAt(trimmed, 11, 2) : 0;
  const minute = withTime ? digitsAt(trimmed, 14, 2) : 0;
  // Year 0 (1 BC) is no year of the calendar the site's times are written in, and Intl names it otherwise.
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  // Date.UTC would roll 02-30 over into March: such a day does not exist.
  if (day > 28 && day > (utcMs(year, month, 1) - utcMs(year, month - 1, 1)) / DAY) return null;
  const naive = utcMs(year, month - 1, day, hour, minute);
  // Two passes settle the offset, also next to a daylight-saving change.
  let guess = naive - offsetMinutes(naive, timeZone) * 60_000;
  guess = naive - offsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

/** The instant of midnight starting the site-time-zone day that contains `ms`. */
export function startOfSiteDay(ms: number, timeZone: string): number {
  return parseSiteTime(formatSiteDate(ms, timeZone), timeZone)!;
}
