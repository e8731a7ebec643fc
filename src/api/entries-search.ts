// GET /entries?q=: the entries of a type and language that match a full-text search (content/search/),
// best first, each with its snippet and score after the keys it would have without q (`fields` may choose
// among all of them: field-selection.ts selectedFoundKeys). Who may find what is
// the list's rule: status published (the default) finds what is public; any, draft and scheduled need a
// token with content:read and then follow the spec's role rules, as the list does.
import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import { canSeeTranslation, searcherOf } from '../content/content-rights.js';
import type { Principal } from '../auth/principal.js';
import { snippetHtml, type SearchStatus } from '../content/search/site-search.js';
import { apiEntry, entryView } from './answers/entry-view.js';
import type { FoundSelection } from './field-selection.js';

/** How soon a client is told to ask again while the index is being built. */
const RETRY_SECONDS = 5;

export interface EntriesSearch {
  q: string;
  type: string;
  language: string;
  status: SearchStatus;
  /** The reader when the status asks for more than what is public (checked for content:read already). */
  viewer: Principal | null;
  limit: number;
  page: number;
  withBody: boolean;
  /** The keys `fields` and `formats` chose, or null: every key, snippet and score (the answer before fields). */
  selection: FoundSelection | null;
}

/** The answer to /entries with q: `{data, meta}` as the list's, ranked. */
export function searchedEntries(deps: ApiDeps, asked: EntriesSearch): unknown {
  const { viewer, selection } = asked;
  const found = deps.content.search.search({
    text: asked.q, language: asked.language, type: asked.type, searcher: searcherOf(viewer), status: asked.status, limit: asked.limit, offset: (asked.page - 1) * asked.limit,
    snippets: selection === null || selection.found.includes('snippet'),
  });
  if (!found.ready && found.unavailable !== undefined) throw new AppError('unavailable', `${found.unavailable} Search is not offered on this server.`);
  if (!found.ready) {
    throw new AppError('unavailable', `The search index is being built (${found.percent} % of ${found.total} entries); ask again in a few seconds.`, { 'retry-after': String(RETRY_SECONDS) });
  }
  const data = found.rows.map(({ entry, translation, snippet, score }) => {
    const visible = (other: typeof translation) => canSeeTranslation(viewer, entry, other);
    const view: Record<string, unknown> = selection === null ? { ...apiEntry(deps.content, entry, translation, asked.withBody, visible) } : entryView(deps.content, entry, translation, selection.keys, visible);
    if (selection === null || selection.found.includes('snippet')) view.snippet = snippetHtml(snippet);
    if (selection === null || selection.found.includes('score')) view.score = score;
    return view;
  });
  return { data, meta: { page: asked.page, pages: Math.max(1, Math.ceil(found.total / asked.limit)), total: found.total } };
}
