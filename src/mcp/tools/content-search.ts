// content_search (issue 35): full-text search over titles, excerpts, tags and bodies (content/search/),
// ranked best first with a snippet each. Scope content:read and content_list's role rules: published
// translations, the caller's own drafts, and others' drafts only for owners with content.edit_all or
// content.publish.
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { searcherOf, seesOthersUnpublished } from '../../content/content-rights.js';
import { MAX_QUERY_CHARS, snippetMarkdown } from '../../content/search/site-search.js';
import { defineTool } from '../tool.js';
import { resolveLanguage, resolveType } from './lookup.js';

export const contentSearchInput = z.strictObject({
  query: z.string().min(1).max(MAX_QUERY_CHARS)
    .describe('words that must all appear (any form of an English word; accents do not matter), "an exact phrase", a prefix* of two letters or more, -word to leave out'),
  type: z.string().min(1).max(40).optional().describe('only this type (post, page, tag or a custom type from site_info); default every type'),
  status: z.enum(['any', 'published', 'draft', 'scheduled']).optional().describe('any (default: everything you may see), published, draft or scheduled'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
  limit: z.number().int().min(1).max(50).optional().describe('at most this many results: default 10, at most 50'),
  page: z.number().int().min(1).max(100).optional().describe('page of results (default 1); the best 1,000 matches are paged'),
});

export const contentSearchTool = defineTool({
  name: 'content_search',
  title: 'Search entries',
  description:
    'Full-text search over titles, excerpts, tags and bodies of the entries you may see (scope content:read), best matches first, title matches before others: '
    + 'count, total and results with id, title, url, snippet (matched words in **bold**) and score. Read a result with content_read.',
  scope: 'content:read',
  input: contentSearchInput,
  output: 'contentSearchOutput',
  readOnly: true,
  // As content_list's: everyone who sees other people's drafts gets the same rows, anyone else their own.
  cacheKey: (args, { principal }) => `${seesOthersUnpublished(principal) ? '*' : `@${principal.accountId}`}\n${JSON.stringify(args)}`,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const type = args.type === undefined ? null : resolveType(store, args.type).key;
    const language = resolveLanguage(store, args.language);
    const limit = args.limit ?? 10;
    const found = store.search.search({
      text: args.query, language, type, searcher: searcherOf(principal), status: args.status ?? 'any', limit, offset: ((args.page ?? 1) - 1) * limit,
    });
    if (!found.ready && found.unavailable !== undefined) throw new AppError('unavailable', `${found.unavailable} Use content_list with search for words in titles instead.`);
    if (!found.ready) {
      throw new AppError('unavailable', `The search index is being built (${found.percent} % of ${found.total} entries); call content_search again in a few seconds, or use content_list with search for words in titles meanwhile.`);
    }
    const results = found.rows.map(({ entry, translation, snippet, score }) => ({
      id: entry.id, title: translation.title, url: store.absoluteUrl(translation.path), snippet: snippetMarkdown(snippet), score,
    }));
    return { count: results.length, total: found.total, results };
  },
});
