// Whether parsed JSON is a rollup (rollup.ts) as this code writes it. A rollup file is read back as the
// shape it should have, and one of another (`[]`, an object without hours, a count of -1 or 1e999 put there
// by hand or by a damaged disk) made every question over its day throw in mergeInto, or summed into
// figures that cannot be: such a file is damaged, like one that is no JSON.
import { PAIR_DIMENSIONS, type Rollup } from './rollup.js';

type Check = (value: unknown) => boolean;

const isCount: Check = (value) => typeof value === 'number' && value >= 0 && value < Infinity;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPair: Check = (value) => Array.isArray(value) && value.length === 2 && isCount(value[0]) && isCount(value[1]);
/** A record whose own values all pass `check` (keys come from visitors: any string, `__proto__` too). */
const recordOf = (check: Check): Check => (value) => isObject(value) && Object.values(value).every(check);
const isCounts = recordOf(isCount);
const isPairs = recordOf(isPair);

const PAGE_COUNTS = ['v', 'pv', 'em', 'ev', 'ss', 'sn', 'rd'] as const;
const isPage: Check = (value) => isObject(value) && PAGE_COUNTS.every((key) => isCount(value[key])) && isCounts(value.from) && isCounts(value.to);
const isCrawler: Check = (value) => isObject(value) && isCount(value.hits) && isCounts(value.pages);
const isConsent: Check = (value) => isObject(value) && isCount(value.decisions)
  // Counted since a later version: rollups written before have none (agreedAny in rollup.ts).
  && (value.agreed_any === undefined || isCount(value.agreed_any))
  && isCounts(value.agreed) && isCounts(value.actions) && isCounts(value.versions);

const TOTALS = ['visitors', 'pageviews', 'visits', 'bounces', 'engaged_ms', 'engaged_visitors'] as const;

export function isRollup(value: unknown): value is Rollup {
  if (!isObject(value) || typeof value.from !== 'string' || typeof value.to !== 'string') return false;
  if (!TOTALS.every((key) => isCount(value[key]))) return false;
  if (!Array.isArray(value.hours) || value.hours.length !== 24 || !value.hours.every(isPair)) return false;
  return isPairs(value.days) && recordOf(isPage)(value.pages) && PAIR_DIMENSIONS.every((name) => isPairs(value[name]))
    && recordOf(isCrawler)(value.crawlers) && isCounts(value.bots) && isConsent(value.consent)
    && (value.imported === undefined || typeof value.imported === 'boolean');
}
