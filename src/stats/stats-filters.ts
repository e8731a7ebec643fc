// Filters of the statistics: "only page views with this page / source / country ...". Several filters on
// different dimensions all hold at once. Written in addresses as `filter=<dimension>:<value>` (the panel's
// page and the Content API's /stats read them the same way).
import { AppError } from '../errors.js';
import { RUN_FACETS, type RunFacet } from './store/stats-store.js';

export const FILTER_DIMENSIONS = ['page', ...RUN_FACETS, 'prop'] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];
/** A custom property filter (`prop:<name>:<value>`) also names the property. */
export interface StatsFilter { dimension: FilterDimension; value: string; name?: string }

/** Property names are at most 64 characters without a colon (event-properties.ts). */
const MAX_PROP_NAME = 64;

/** A value longer than anything the statistics keep is no value of theirs. */
const MAX_VALUE = 300;

/** The stats_query dimension whose rows a filter's values come from. */
export const FILTER_ROWS: Record<FilterDimension, string> = {
  page: 'pages', source: 'referrers', campaign: 'campaigns', country: 'countries', language: 'languages', device: 'devices', browser: 'browsers', os: 'os', prop: 'props',
};

export function isRunFacet(dimension: FilterDimension): dimension is RunFacet {
  return dimension !== 'page' && dimension !== 'prop';
}

/** One `dimension:value` text; throws a sentence naming what is wrong. */
export function parseFilter(text: string): StatsFilter {
  const colon = text.indexOf(':');
  const dimension = colon < 0 ? text : text.slice(0, colon);
  if (colon < 0 || !(FILTER_DIMENSIONS as readonly string[]).includes(dimension)) {
    throw new AppError('invalid_params', `A filter is written dimension:value, with the dimension one of ${FILTER_DIMENSIONS.join(', ')}.`);
  }
  if (dimension === 'prop') {
    const rest = text.slice(colon + 1);
    const second = rest.indexOf(':');
    const name = second < 0 ? '' : rest.slice(0, second);
    const value = second < 0 ? '' : rest.slice(second + 1);
    if (name === '' || name.length > MAX_PROP_NAME || value === '' || value.length > MAX_VALUE) {
      throw new AppError('invalid_params', `A property filter is written prop:<name>:<value>, the name 1 to ${MAX_PROP_NAME} characters, the value 1 to ${MAX_VALUE}.`);
    }
    return { dimension: 'prop', name, value };
  }
  const value = text.slice(colon + 1);
  if (value === '' || value.length > MAX_VALUE) throw new AppError('invalid_params', `The ${dimension} filter needs a value of 1 to ${MAX_VALUE} characters.`);
  return { dimension: dimension as FilterDimension, value };
}

/** The filters of an address (`filter` given once per dimension), in a stable order. */
export function parseFilters(texts: readonly string[]): StatsFilter[] {
  const filters = texts.map(parseFilter);
  if (filters.filter((filter) => filter.dimension === 'prop').length > 8) throw new AppError('invalid_params', 'Give at most 8 property filters.');
  const seen = new Set<string>();
  for (const filter of filters) {
    const key = filter.dimension === 'prop' ? `prop:${filter.name}` : filter.dimension;
    if (seen.has(key)) throw new AppError('invalid_params', `Give at most one ${filter.dimension === 'prop' ? `filter on the property ${filter.name}` : `${filter.dimension} filter`}.`);
    seen.add(key);
  }
  return sortFilters(filters);
}

export function sortFilters(filters: readonly StatsFilter[]): StatsFilter[] {
  return [...filters].sort((a, b) => FILTER_DIMENSIONS.indexOf(a.dimension) - FILTER_DIMENSIONS.indexOf(b.dimension) || ((a.name ?? '') < (b.name ?? '') ? -1 : (a.name ?? '') > (b.name ?? '') ? 1 : 0));
}

export function filterText(filter: StatsFilter): string {
  return filter.dimension === 'prop' ? `prop:${filter.name}:${filter.value}` : `${filter.dimension}:${filter.value}`;
}
