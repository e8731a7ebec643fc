// The optional `fields` argument of content_list and content_read: the keys of the answer to keep, for an
// assistant that needs a few of them (ids and titles of 100 entries cost a tenth of the tokens). Left out,
// the answer is the specification's, unchanged.
import { z } from 'zod';

/** A list of `keys`, each named once, at least one; described for the assistant. */
export function fieldsArgument<K extends readonly [string, ...string[]]>(keys: K, what: string) {
  return z.array(z.enum(keys)).min(1).max(keys.length)
    .refine((names) => new Set(names).size === names.length, 'name each field once')
    .optional()
    .describe(`only these keys ${what}; all of them when left out. Known: ${keys.join(', ')}`);
}
