import { join } from 'node:path';
import { formatSiteTime, isValidTimeZone } from '../lib/time-zone.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { yamlLibrary } from '../content/entries/yaml.js';
import type { PanelDeps, PanelSessionDeps } from './panel-deps.js';

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

/**
 * The site's time zone. Pages on the people side (Assistants) get no content store, so it is read from
 * site.yaml leniently there, like the two-factor issuer: a broken site.yaml shows UTC rather than failing.
 */
export function siteTimeZoneOf(deps: PanelSessionDeps | PanelDeps): string {
  try {
    if ('content' in deps) return deps.content.site().timezone;
    const doc = yamlLibrary().parse(readTextNoFollow(join(deps.config.root, 'content', 'site.yaml'))) as { timezone?: unknown } | null;
    return typeof doc?.timezone === 'string' && isValidTimeZone(doc.timezone) ? doc.timezone : 'UTC';
  } catch {
    return 'UTC';
  }
}
