import { ACCOUNT_ID } from '../../auth/account-reader.js';
import { AppError } from '../../errors.js';
import { isEntryId } from '../../content/entry-id.js';
import type { HistoryQuery, HistoryRecord } from '../../content/history.js';

// The History page's filters, read from its address: person, via, token and entry. `id` is the entry too:
// older links (the entry page's "History") use it.

export const VIAS: ReadonlyArray<HistoryRecord['via']> = ['mcp', 'panel', 'schedule'];

export interface HistoryFilters {
  person: string;
  via: string;
  token: string;
  entry: string;
}

/** The filters as given (trimmed, empty when absent), for the form; `query` throws a sentence for bad ones. */
export function readFilters(params: URLSearchParams): HistoryFilters {
  const value = (name: string) => (params.get(name) ?? '').trim().slice(0, 200);
  return { person: value('person'), via: value('via'), token: value('token'), entry: value('entry') || value('id') };
}

/** The query for the store; invalid_params with one sentence when a filter cannot match anything sensible. */
export function queryOf(filters: HistoryFilters): HistoryQuery {
  const query: HistoryQuery = {};
  if (filters.person) {
    if (!ACCOUNT_ID.test(filters.person)) throw new AppError('invalid_params', 'There is no such person; choose one from the list.');
    query.person = filters.person;
  }
  if (filters.via) {
    if (!(VIAS as readonly string[]).includes(filters.via)) throw new AppError('invalid_params', 'Through must be mcp, panel or schedule.');
    query.via = filters.via as HistoryRecord['via'];
  }
  if (filters.token) {
    if (filters.token.length > 100) throw new AppError('invalid_params', 'A token name has at most 100 characters.');
    query.token = filters.token;
  }
  if (filters.entry) {
    if (!isEntryId(filters.entry)) throw new AppError('invalid_params', 'That is not an entry id; ids look like posts/hello.');
    query.entry = filters.entry;
  }
  return query;
}
