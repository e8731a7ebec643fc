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
 * Zones change their offset at most once a day, so when the offset at the start and at the end of a UTC
 * day agree, it holds for the whole day; on a day with a change, quarter hours are cached instead (every
 * offset in the tz database is a multiple of 15 minutes and changes happen on local whole or half hours).
 */
const DAY = 86_400_000;
const QUARTER_HOUR = 900_000;
/** Per time zone: offsets by UTC day (NaN: the day has a change in it), and by quarter hour on such days. */
interface ZoneOffsets { days: Map<number, number>; quarters: Map<number, number> }
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
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at) / 60_000);
}

function cached(zone: ZoneOffsets, map: Map<number, number>, key: number, compute: () => number): number {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    if (zone.days.size + zone.quarters.size >= MAX_CACHED) {
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
    offsetCaches.set(timeZone, (zone = { days: new Map(), quarters: new Map() }));
  }
  const day = Math.floor(ms / DAY);
  const whole = cached(zone, zone.days, day, () => {
    const first = intlOffset(day * DAY, timeZone);
    return first === intlOffset(day * DAY + DAY - 1000, timeZone) ? first : Number.NaN;
  });
  if (!Number.isNaN(whole)) return whole;
  const bucket = Math.floor(ms / QUARTER_HOUR);
  return cached(zone, zone.quarters, bucket, () => intlOffset(bucket * QUARTER_HOUR, timeZone));
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

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

/**
 * Reads `YYYY-MM-DD HH:MM` (or `YYYY-MM-DD`, meaning midnight) as a wall-clock time in `timeZone`.
 * Returns null for text that is not such a time or names a day that does not exist (2026-02-30).
 * A wall time skipped by a daylight-saving jump resolves to the instant just after the jump.
 */
export function parseSiteTime(text: string, timeZone: string): number | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = [match[1], match[2], match[3], match[4] ?? '0', match[5] ?? '0'].map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(naive);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  // Two passes settle the offset, also next to a daylight-saving change.
  let guess = naive - offsetMinutes(naive, timeZone) * 60_000;
  guess = naive - offsetMinutes(guess, timeZone) * 60_000;
  return guess;
}

/** The instant of midnight starting the site-time-zone day that contains `ms`. */
export function startOfSiteDay(ms: number, timeZone: string): number {
  return parseSiteTime(formatSiteDate(ms, timeZone), timeZone)!;
}
