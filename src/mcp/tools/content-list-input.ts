// content_list's arguments as a zod schema. (Until the stdio budget stopped being tied to a bare process, a
// hand check in content-list.ts kept zod out of a session's first content_list; no budget row measures
// that call, so the schema alone judges the arguments.)
import { z } from 'zod';
import { ENTRY_ROW_KEYS } from './entry-summary.js';
import { fieldsArgument } from './fields-argument.js';

export const contentListInput = z.strictObject({
  type: z.string().min(1).max(40).optional().describe('post (default), page, tag or a custom type from site_info'),
  status: z.enum(['any', 'published', 'draft', 'scheduled']).optional().describe('any (default), published, draft or scheduled'),
  tag: z.string().min(1).max(100).optional().describe('only entries with this tag'),
  category: z.string().min(1).max(40).optional().describe('only posts of this category key (see site_info)'),
  search: z.string().min(1).max(200).optional().describe('words that must appear in the title'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
  limit: z.number().int().min(1).max(100).optional().describe('at most this many entries: default 20, at most 100'),
  fields: fieldsArgument(ENTRY_ROW_KEYS, 'of each entry, e.g. ["id", "title"]'),
});
