// The lines of the raw day logs (`raw/YYYY-MM-DD.ndjson`) and bot logs (`bots/YYYY-MM-DD.ndjson`).
// Keys are short because there is one line per page view; every line stays far below 4 KB so one
// O_APPEND write never interleaves with another process's.

/** A page view. `v` is the day's visitor hash; it never leaves the raw log (rollups hold counts only). */
export interface PageviewLine {
  k: 'pv'; t: number; v: string; p: string;
  /** source, campaign, internal referring path */
  s: string | null; c: string | null; f: string | null;
  /** country, language, device, browser, os */
  co: string; l: string; d: string; b: string; o: string;
}

/** Engagement sent when a page is hidden or left: engaged milliseconds since the last report, max scroll %. */
export interface EngagementLine { k: 'en'; t: number; v: string; p: string; e: number; sc: number }

/** A custom event by name, with its custom properties and the names of those refused as personal data. */
export interface EventLine { k: 'ev'; t: number; v: string; p: string; n: string; pr?: Record<string, string>; rf?: string[] }

/** A consent decision: banner version, the optional categories, the action. No visitor key. */
export interface ConsentLine { k: 'cs'; t: number; bv: string; st: boolean; mk: boolean; em: boolean; a: string }

export type RawLine = PageviewLine | EngagementLine | EventLine | ConsentLine;

/** A day before the last instant a Date holds (8.64e15 ms), so the site's zone offset added to it stays one. */
const LAST_TIME = 8.64e15 - 86_400_000;

/**
 * Whether a line's `t` is an instant a clock can read. One that is not (a string, 1e20, a line damaged by
 * hand) made the hour of the day "Invalid time value", and that one line stopped every rollup and today.
 * A real instant outside the file's day is counted as the lines around it are: the lines of the day the
 * site's time zone changed are named by the zone they were written in.
 */
export function hasLineTime(line: { t: unknown }): boolean {
  return typeof line.t === 'number' && Math.abs(line.t) <= LAST_TIME;
}

/** A request dropped as a bot (reason: empty_ua, bot_ua, prefetch, navigation). */
export interface BotLine { k: 'bot'; t: number; r: string }
/** An AI crawler fetching a page. */
export interface CrawlerLine { k: 'ai'; t: number; n: string; p: string }

export type BotLogLine = BotLine | CrawlerLine;

export const CONSENT_CATEGORIES = ['statistics', 'marketing', 'external_media'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export const CONSENT_KEYS: Record<ConsentCategory, 'st' | 'mk' | 'em'> = { statistics: 'st', marketing: 'mk', external_media: 'em' };
