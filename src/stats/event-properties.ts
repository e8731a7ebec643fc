// Custom properties of an event (`svc.track('signup', {plan: 'pro'})`, `data-svc-prop-plan="pro"`), read at
// collection with stated limits. What is over a limit is counted as "(other)", never dropped silently.
// Properties are never personal data: a value that looks like an e-mail address, a phone number or a long
// number is refused (not kept) and counted as refused under its property's name.
import { AppError } from '../errors.js';
import { OTHER } from './store/stats-store.js';

/** Properties an event keeps; more are counted together as one "(other)" property. */
export const MAX_PROPS_PER_EVENT = 30;
/** Characters of a property name; a longer one (or one with a colon, which filters use) counts as "(other)". */
export const MAX_PROP_NAME = 64;
/** Characters of a value; a longer one counts as "(other)". */
export const MAX_PROP_VALUE = 200;
// The per-day limits (distinct names, values per name) are the store's, which counts the days: see
// store/visit-recorder.ts.
export { MAX_VALUES_PER_PROP_DAY, MAX_PROP_NAMES_DAY } from './store/stats-store.js';
/** Bytes the kept properties may take in a log line (a line stays far below 4 KB: one write, never interleaved). */
const MAX_PROPS_BYTES = 2048;

export interface EventProperties { props: Record<string, string>; refused: string[] }

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]{2,}/;
const LONG_NUMBER = /\d{9,}/;
const PHONE_LIKE = /^[+\d\s().\/-]+$/;

/** Whether a value looks like personal data: an e-mail address, a phone number, a long number (card, account, id). */
export function looksPersonal(value: string): boolean {
  if (EMAIL.test(value) || LONG_NUMBER.test(value)) return true;
  return PHONE_LIKE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7;
}

const usableName = (name: string) => name !== '' && name.length <= MAX_PROP_NAME && !name.includes(':') && !/[\u0000-\u001f\u007f]/.test(name);

/** The properties of a beacon's `pr` field; throws AppError('bad_request') for a field that is not an object of scalars. */
export function readEventProperties(raw: unknown): EventProperties {
  const props: Record<string, string> = Object.create(null) as Record<string, string>;
  const refused: string[] = [];
  if (raw === undefined || raw === null) return { props, refused };
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new AppError('bad_request', 'The field pr must be an object of property names and values.');
  let kept = 0, bytes = 0, over = false;
  for (const [rawName, rawValue] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') {
      throw new AppError('bad_request', 'Each property value must be a text, a number or true/false.');
    }
    const trimmed = rawName.trim();
    const name = usableName(trimmed) ? trimmed : OTHER;
    const text = String(rawValue).trim();
    if (looksPersonal(text)) { if (refused.length < MAX_PROPS_PER_EVENT) refused.push(name); continue; }
    const value = text.length <= MAX_PROP_VALUE && !/[\u0000-\u001f\u007f]/.test(text) ? text : OTHER;
    const size = Buffer.byteLength(name) + Buffer.byteLength(value) + 8;
    if (kept >= MAX_PROPS_PER_EVENT || bytes + size > MAX_PROPS_BYTES || Object.hasOwn(props, name)) { over = true; continue; }
    props[name] = value;
    kept++; bytes += size;
  }
  // Everything beyond the limits is one "(other)" property, so the event still says that it carried more.
  if (over && !Object.hasOwn(props, OTHER)) props[OTHER] = OTHER;
  return { props, refused };
}
