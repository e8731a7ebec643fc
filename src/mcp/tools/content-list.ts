import { contentListInput } from './content-list-input.js';
import { canSeeTranslation, seesOthersUnpublished } from '../../content/content-rights.js';
import { AppError } from '../../errors.js';
import { listEntries } from '../../content/query.js';
import { defineTool } from '../tool.js';
import { resolveLanguage, resolveType } from './lookup.js';
import { ENTRY_ROW_KEYS, pickKeys, summarizeEntry } from './entry-summary.js';

export const contentListTool = defineTool({
  name: 'content_list',
  title: 'List entries',
  description:
    'Lists entries of one type, newest first: count and entries with id, title, status, date, url, languages, tags, category, start and created_by_assistant (or only the keys named in fields). Filter by status, tag, category, words in the title and language.',
  scope: 'content:read',
  input: contentListInput,
  output: 'contentListOutput',
  readOnly: true,
  // The answer is the content's (the cache keys on its generation too) as the caller may see it: everyone who
  // sees other people's drafts sees the same rows, anyone else the published ones and their own.
  cacheKey: (args, { principal }) => `${seesOthersUnpublished(principal) ? '*' : `@${principal.accountId}`}\n${JSON.stringify(args)}`,
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
      newestFirst: true,
      ...(args.search !== undefined ? { search: args.search } : {}),
      visible: (entry, translation) => canSeeTranslation(principal, entry, translation),
    }, { limit: args.limit ?? 20, total: false });
    const entries = rows.map(({ entry, translation }) => {
      const languages = [...entry.translations.values()].filter((t) => canSeeTranslation(principal, entry, t)).map((t) => t.language).sort();
      return pickKeys(summarizeEntry(store, entry, translation, languages), ENTRY_ROW_KEYS, args.fields);
    });
    return { count: entries.length, entries };
  },
});
