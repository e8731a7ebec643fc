import { formatSiteTime } from '../lib/time-zone.js';

// Times in the panel are shown in the site's time zone (the one site_info reports), the zone the site's
// people plan and publish in; the stored times stay UTC.

/** `YYYY-MM-DD HH:MM` of an ISO time in `timeZone`; the input unchanged when it is not a time. */
export function siteTimeOf(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatSiteTime(ms, timeZone);
}

/** The heading of a time column, naming the zone. */
export function timeHeading(timeZone: string): string {
  return `Time (${timeZone})`;
}
