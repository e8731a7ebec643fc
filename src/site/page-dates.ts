import { formatIsoWithOffset } from '../lib/time-zone.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';

type Style = 'date' | 'dateTime';
/** One formatter per locale, zone and style: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, timeZone: string, style: Style): Intl.DateTimeFormat {
  const key = `${locale}\u0000${timeZone}\u0000${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = style === 'date' ? { dateStyle: 'long', timeZone } : { dateStyle: 'long', timeStyle: 'short', timeZone };
    try {
      formatter = new Intl.DateTimeFormat(locale, options);
    } catch {
      formatter = new Intl.DateTimeFormat('en', options);
    }
    if (formatters.size > 1000) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A `<time>` element for a page: the day (or day and time) as people of the page's language write it, in the
 * site's time zone, with the exact instant (ISO 8601 with the zone's offset) for machines.
 */
export function timeElement(ms: number, locale: string, timeZone: string, style: Style = 'date'): string {
  return `<time datetime="${escapeAttr(formatIsoWithOffset(ms, timeZone))}">${escapeHtml(formatterFor(locale, timeZone, style).format(ms))}</time>`;
}
