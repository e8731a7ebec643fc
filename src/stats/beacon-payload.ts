// What the beacon posts, read by hand (it is the hottest path of the statistics and the shape is tiny).
import { AppError } from '../errors.js';
import { readEventProperties } from './event-properties.js';

export type BeaconPayload =
  | { kind: 'pv'; path: string; referrer: string; width: number | undefined; timeZone: string | undefined; language: string | undefined }
  | { kind: 'en'; path: string; engagedMs: number; scroll: number }
  | { kind: 'ev'; path: string; name: string; props: Record<string, string>; refused: string[] };

const str = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length <= max ? value : undefined);
/**
 * The most one report counts (30 minutes). The beacon reports when the page is hidden or left, so one report
 * is one unbroken stretch of a visible, focused tab: past half an hour that is a window left open in front
 * (a kiosk, a forgotten tab), not reading, and a single such report (or a forged one) would move a day's
 * average reading time from about a minute to over half an hour. Plausible caps engagement time similarly.
 * A visitor who reads longer sends several reports (each time they switch away), which add up.
 */
const MAX_REPORT_MS = 30 * 60_000;

/** Parses a beacon body; throws AppError('bad_request') with a sentence for anything else. */
export function parseBeaconPayload(text: string): BeaconPayload {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new AppError('bad_request', 'The body must be a JSON object from the beacon.');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new AppError('bad_request', 'The body must be a JSON object from the beacon.');
  const path = str(data.p, 2000);
  if (!path || !path.startsWith('/')) throw new AppError('bad_request', 'The field p must be the page path, starting with /.');
  switch (data.t) {
    case 'pv': {
      const width = typeof data.w === 'number' && Number.isFinite(data.w) && data.w > 0 && data.w < 100_000 ? Math.round(data.w) : undefined;
      return { kind: 'pv', path, referrer: str(data.r, 2000) ?? '', width, timeZone: str(data.z, 64), language: str(data.l, 35) };
    }
    case 'en': {
      const engaged = typeof data.e === 'number' && Number.isFinite(data.e) ? Math.min(Math.max(Math.round(data.e), 0), MAX_REPORT_MS) : 0;
      const scroll = typeof data.s === 'number' && Number.isFinite(data.s) ? Math.min(Math.max(Math.round(data.s), 0), 100) : 0;
      return { kind: 'en', path, engagedMs: engaged, scroll };
    }
    case 'ev': {
      const name = str(data.n, 200)?.trim();
      if (!name) throw new AppError('bad_request', 'The field n must name the event (at most 200 characters).');
      const { props, refused } = readEventProperties(data.pr);
      return { kind: 'ev', path, name: name.slice(0, 100), props, refused };
    }
    default:
      throw new AppError('bad_request', 'The field t must be pv, en or ev.');
  }
}

export type DropReason = 'empty_ua' | 'bot_ua' | 'prefetch' | 'navigation';

type Headers = Record<string, string | string[] | undefined>;
const one = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** Why a request to the collect endpoint is not a person's beacon, or null when it is. */
export function dropReason(headers: Headers, isBot: (ua: string) => boolean): DropReason | null {
  const ua = one(headers, 'user-agent').trim();
  if (!ua) return 'empty_ua';
  const purpose = `${one(headers, 'sec-purpose')} ${one(headers, 'purpose')} ${one(headers, 'x-moz')} ${one(headers, 'x-purpose')}`.toLowerCase();
  if (/prefetch|preview|prerender/.test(purpose)) return 'prefetch';
  // A beacon is sent by script (sendBeacon/fetch: mode no-cors or cors); a navigation is someone opening the URL.
  if (one(headers, 'sec-fetch-mode') === 'navigate' || one(headers, 'sec-fetch-dest') === 'document') return 'navigation';
  if (isBot(ua)) return 'bot_ua';
  return null;
}
