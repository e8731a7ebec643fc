import { z } from 'zod';
import { canSeeTranslation } from '../../content/content-rights.js';
import { AppError } from '../../errors.js';
import { listEntries } from '../../content/query.js';
import { defineTool } from '../tool.js';
import { resolveLanguage, resolveType } from './lookup.js';
import { summarizeEntry } from './entry-summary.js';

const input = z.strictObject({
  type: z.string().min(1).max(40).optional().describe('post (default), page, tag or a custom type from site_info'),
  status: z.enum(['any', 'published', 'draft', 'scheduled']).optional().describe('any (default), published, draft or scheduled'),
  tag: z.string().min(1).max(100).optional().describe('only entries with this tag'),
  category: z.string().min(1).max(40).optional().describe('only posts of this category key (see site_info)'),
  search: z.string().min(1).max(200).optional().describe('words that must appear in the title'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
  limit: z.number().int().min(1).max(100).optional().describe('at most this many entries: default 20, at most 100'),
});

export const contentListTool = defineTool({
  name: 'content_list',
  title: 'List entries',
  description:
    'Lists entries of one type, newest first: count and entries with id, title, status, date, url, languages, tags, category, start and created_by_assistant. Filter by status, tag, category, words in the title and language.',
  scope: 'content:read',
  input,
  output: () => import('./content-outputs.js').then((m) => m.contentListOutput),
  readOnly: true,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const type = resolveType(store, args.type);
    const language = resolveLanguage(store, args.language);
    if (args.category !== undefined) {
      if (type.key !== 'post') throw new AppError('invalid_params', 'Only posts have categories: leave out category, or list type post.');
      const categories = store.site().categories;
      if (!Object.hasOwn(categories, args.category)) {
        throw new AppError('not_found', `The site has no category "${args.category}". Call site_info to see its categories (${Object.keys(categories).join(', ') || 'none'}).`);
      }
    }
    const { rows } = listEntries(store, {
      type: type.key,
      language,
      status: args.status ?? 'any',
      ...(args.tag !== undefined ? { tag: args.tag } : {}),
      ...(args.category !== undefined ? { category: args.category } : {}),
      ...(args.search !== undefined ? { search: args.search } : {}),
      visible: (entry, translation) => canSeeTranslation(principal, entry, translation),
    }, { limit: args.limit ?? 20, total: false });
    const entries = rows.map(({ entry, translation }) => {
      const languages = [...entry.translations.values()].filter((t) => canSeeTranslation(principal, entry, t)).map((t) => t.language).sort();
      return summarizeEntry(store, entry, translation, languages);
    });
    return { count: entries.length, entries };
  },
});
