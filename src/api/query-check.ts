// A Content API request's query, validated with its endpoint's schema (api-schemas.ts, the source of the
// OpenAPI document too). The schemas, and zod with them, are loaded on the first request that needs them.
import type { z } from 'zod';
import { AppError } from '../errors.js';
import { requireLater } from '../lib/on-demand.js';
import { param } from './params.js';

type Schemas = typeof import('./answers/api-schemas.js');
/** Required on first use (lib/on-demand.ts): a server start that answers no API request loads no zod. */
const schemas = requireLater<Schemas>('./answers/api-schemas.js', import.meta.url);

type QueryName = 'siteQuery' | 'entriesQuery' | 'entryQuery';

/**
 * The parameters `name`'s schema knows, each given once (param() refuses a repeat or a `name[]` list), an
 * empty value taken as none; other parameters are not looked at. A value the schema refuses: 422 with the
 * schema's sentence for the first one.
 */
export function checkedQuery<N extends QueryName>(name: N, url: URL): z.output<Schemas[N]> {
  const schema = schemas()[name];
  const query: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = param(url, key);
    if (value !== undefined && value !== '') query[key] = value;
  }
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data as z.output<Schemas[N]>;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.map(String).join('.');
  // Absent (or empty, which is taken as absent) where the endpoint needs it: said so, not as a type.
  if (issue.code === 'invalid_type' && query[where] === undefined) throw new AppError('invalid_params', `The parameter ${where} is required.`);
  // The schemas word their own sentences; zod's generic ones (a wrong type, a length) are named by parameter.
  throw new AppError('invalid_params', issue.message.startsWith('The parameter') ? issue.message : `The parameter ${where} is not valid: ${issue.message}.`);
}

/** The OpenAPI document's module (it builds on the schemas), loaded on first use as they are. */
type OpenApi = typeof import('./openapi.js');
export const openApiModule = requireLater<OpenApi>('./openapi.js', import.meta.url);
