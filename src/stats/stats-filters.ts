// Filters of the statistics: "only page views with this page / source / country ...". Several filters on
// different dimensions all hold at once. Written in addresses as `filter=<dimension>:<value>` (the panel's
// page and the Content API's /stats read them the same way).
import { AppError } from '../errors.js';
import { RUN_FACETS, type RunFacet } from './visit-table.js';

export const FILTER_DIMENSIONS = ['page', ...RUN_FACETS] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];
export interface StatsFilter { dimension: FilterDimension; value: string }

/** A value longer than anything the statistics keep is no value of theirs. */
const MAX_VALUE = 300;

/** The stats_query dimension whose rows a filter's values come from. */
export const FILTER_ROWS: Record<FilterDimension, string> = {
  page: 'pages', source: 'referrers', campaign: 'campaigns', country: 'countries', language: 'languages', device: 'devices', browser: 'browsers', os: 'os',
};

export function isRunFacet(dimension: FilterDimension): dimension is RunFacet {
  return dimension !== 'page';
}

/** One `dimension:value` text; throws a sentence naming what is wrong. */
export function parseFilter(text: string): StatsFilter {
  const colon = text.indexOf(':');
  const dimension = colon < 0 ? text : text.slice(0, colon);
  if (colon < 0 || !(FILTER_DIMENSIONS as readonly string[]).includes(dimension)) {
    throw new AppError('invalid_params', `A filter is written dimension:value, with the dimension one of ${FILTER_DIMENSIONS.join(', ')}.`);
  }
  const value = text.slice(colon + 1);
  if (value === '' || value.length > MAX_VALUE) throw new AppError('invalid_params', `The ${dimension} filter needs a value of 1 to ${MAX_VALUE} characters.`);
  return { dimension: dimension as FilterDimension, value };
}

/** The filters of an address (`filter` given once per dimension), in a stable order. */
export function parseFilters(texts: readonly string[]): StatsFilter[] {
  const filters = texts.map(parseFilter);
  const seen = new Set<string>();
  for (const filter of filters) {
    if (seen.has(filter.dimension)) throw new AppError('invalid_params', `Give at most one ${filter.dimension} filter.`);
    seen.add(filter.dimension);
  }
  return sortFilters(filters);
}

export function sortFilters(filters: readonly StatsFilter[]): StatsFilter[] {
  return [...filters].sort((a, b) => FILTER_DIMENSIONS.indexOf(a.dimension) - FILTER_DIMENSIONS.indexOf(b.dimension));
}

export function filterText(filter: StatsFilter): string {
  return `${filter.dimension}:${filter.value}`;
}
