import { ACCOUNT_ID } from '../../auth/account-reader.js';
import { AppError } from '../../errors.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import type { HistoryQuery, HistoryRecord } from '../../content/history.js';
import { fill, words } from '../words/panel-words.js';

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

/** Pages of the History page (each `limit` changes) reach back this far; narrower filters reach further. */
export const MAX_PAGE = 500;

/** `?page=`: 1 when absent; invalid_params with a sentence for anything but a whole number from 1 to MAX_PAGE. */
export function readPage(params: URLSearchParams): number {
  const text = params.get('page');
  if (text === null || text === '') return 1;
  if (!/^[1-9]\d{0,3}$/.test(text) || Number(text) > MAX_PAGE) throw new AppError('invalid_params', fill(words().history.badPage, { max: MAX_PAGE }));
  return Number(text);
}

/** The History page's address with these filters and page (empty filters and page 1 left out). */
export function historyHref(path: string, filters: HistoryFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The query for the store; invalid_params with one sentence when a filter cannot match anything sensible. */
export function queryOf(filters: HistoryFilters): HistoryQuery {
  const query: HistoryQuery = {};
  if (filters.person) {
    if (!ACCOUNT_ID.test(filters.person)) throw new AppError('invalid_params', words().history.noSuchPerson);
    query.person = filters.person;
  }
  if (filters.via) {
    if (!(VIAS as readonly string[]).includes(filters.via)) throw new AppError('invalid_params', words().history.badThrough);
    query.via = filters.via as HistoryRecord['via'];
  }
  if (filters.token) {
    if (filters.token.length > 100) throw new AppError('invalid_params', fill(words().history.longToken, { max: 100 }));
    query.token = filters.token;
  }
  if (filters.entry) {
    if (!isEntryId(filters.entry)) throw new AppError('invalid_params', words().history.notEntryId);
    query.entry = filters.entry;
  }
  return query;
}
