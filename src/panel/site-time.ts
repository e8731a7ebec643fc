import { join } from 'node:path';
import { formatSiteTime, isValidTimeZone } from '../lib/time-zone.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { yamlLibrary } from '../content/entries/yaml.js';
import type { PanelDeps, PanelSessionDeps } from './panel-deps.js';
import { fill, words } from './words/panel-words.js';

// Times in the panel are shown in the site's time zone (the one site_info reports), the zone the site's
// people plan and publish in; the stored times stay UTC.

/** `YYYY-MM-DD HH:MM` of an ISO time in `timeZone`; the input unchanged when it is not a time. */
export function siteTimeOf(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatSiteTime(ms, timeZone);
}

/** The heading of a time column, naming the zone. */
export function timeHeading(timeZone: string): string {
  return fill(words().common.timeHeading, { zone: timeZone });
}

/**
 * The site's time zone. Pages on the people side (Assistants) get no content store, so it is read from
 * site.yaml leniently there, like the two-factor issuer: a broken site.yaml shows UTC rather than failing.
 */
export function siteTimeZoneOf(deps: PanelSessionDeps | PanelDeps): string {
  try {
    if ('content' in deps) return deps.content.site().timezone;
    const doc = yamlLibrary().parse(readTextNoFollow(deps.trustedFolders, join(deps.config.root, 'content', 'site.yaml'))) as { timezone?: unknown } | null;
    return typeof doc?.timezone === 'string' && isValidTimeZone(doc.timezone) ? doc.timezone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A date-and-time picker for a time in the site's zone (the browser's own control; no example placeholder
 * that would sooner or later lie in the past). `min` is now there, so the picker offers no past time; the
 * label beside it names the zone (pickerLabel).
 */
export function sitePickerInput(id: string, name: string, timeZone: string, nowMs: number): string {
  const min = formatSiteTime(nowMs, timeZone).replace(' ', 'T');
  return `<input type="datetime-local" id="${id}" name="${name}" min="${min}" step="60">`;
}

/** The words after a picker's label: the zone named, and what "now" is there. */
export function pickerHint(timeZone: string, nowMs: number): string {
  return fill(words().common.pickerHint, { zone: timeZone, now: formatSiteTime(nowMs, timeZone) });
}

/**
 * A calendar day (`YYYY-MM-DD`) as a sentence in the panel's language writes it (`2026-03-04`, `04.03.2026`);
 * other text unchanged.
 */
export function dayInWords(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const [, year, month, date] = parts;
  return words().common.dayPattern.replace('YYYY', year!).replace('MM', month!).replace('DD', date!);
}

/** A picker's value (`YYYY-MM-DDTHH:MM`) as the site writes times (`YYYY-MM-DD HH:MM`); other text unchanged. */
export function pickedTime(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? text.replace('T', ' ') : text;
}
