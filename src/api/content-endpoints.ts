import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import { canSeeTranslation } from '../content/content-rights.js';
import { parseEntryId } from '../content/entries/entry-id.js';
import { listEntries, type EntryQuery } from '../content/query.js';
import type { EntryStatus } from '../content/entries/types.js';
import { apiEntry, entryView } from './answers/entry-view.js';
import { selectedFoundKeys, selectedKeys } from './field-selection.js';
import { API_PREFIX, JsonText, requireScope, TaggedJson, type ApiRequest } from './api-request.js';
import { listAnswer } from './answers/list-answer.js';
import type { ListRowCache } from './list-rows/list-rows.js';
import { oneOf } from './params.js';
import { checkedQuery } from './query-check.js';
import { searchedEntries } from './entries-search.js';

/** The body's forms in the spec's answers: /entry always, /entries with body=1. */
const BODY = ['markdown', 'html'] as const;

/** A closed site (D13) shows even published content only to tokens with content:read. */
export function checkClosed(deps: ApiDeps, request: ApiRequest): void {
  if (deps.content.site().closed) requireScope(request, 'content:read', 'this closed site');
}

/** GET /site: title, description, address, languages and content types. */
export function getSite(deps: ApiDeps, request: ApiRequest): unknown {
  checkClosed(deps, request);
  checkedQuery('siteQuery', request.url);
  const site = deps.content.site();
  const published: Record<string, number> = {};
  for (const entry of deps.content.entries()) {
    if ([...entry.translations.values()].some((t) => t.status === 'published')) {
      published[entry.type.key] = (published[entry.type.key] ?? 0) + 1;
    }
  }
  return {
    title: site.title,
    description: site.description,
    url: site.url,
    languages: site.languages,
    default_language: site.defaultLanguage,
    timezone: site.timezone,
    content_types: site.types.map((type) => ({ type: type.key, label: type.label, folder: type.folder, entries: published[type.key] ?? 0 })),
    categories: Object.values(site.categories).map((category) => ({ key: category.key, label: category.label, kind: category.kind })),
    api: { entries: `${site.url}${API_PREFIX}/entries`, entry: `${site.url}${API_PREFIX}/entry?id=`, stats: `${site.url}${API_PREFIX}/stats` },
  };
}

/** GET /entries: one type in one language, newest first, paged. */
export function getEntries(deps: ApiDeps, request: ApiRequest, rowCache: ListRowCache): unknown {
  checkClosed(deps, request);
  const site = deps.content.site();
  const url = request.url;
  const asked = checkedQuery('entriesQuery', url);
  const type = oneOf(url, 'type', site.types.map((t) => t.key), 'post', `GET ${API_PREFIX}/site`);
  const language = oneOf(url, 'language', Object.keys(site.languages), site.defaultLanguage, `GET ${API_PREFIX}/site`);
  const status = asked.status ?? 'published';
  const limit = asked.limit ?? 10;
  const page = asked.page ?? 1;
  const withBody = asked.body === '1';
  // A search's rows may name snippet and score too.
  const keys = asked.q === undefined ? selectedKeys(url, withBody ? BODY : []) : null;
  const selection = asked.q === undefined ? null : selectedFoundKeys(url, withBody ? BODY : []);
  const tag = asked.tag;
  const category = asked.category;
  if (category !== undefined && !Object.hasOwn(site.categories, category)) {
    const keys = Object.keys(site.categories);
    throw new AppError('invalid_params', `The parameter category must be one of ${keys.length ? keys.join(', ') : '(this site has no categories)'}.`);
  }
  if (status !== 'published') requireScope(request, 'content:read', `entries with status ${status}`);
  const principal = request.principal;
  // Listing published entries shows other languages' addresses only where those are published too.
  const viewer = status === 'published' ? null : principal;
  if (asked.q !== undefined) {
    if (tag !== undefined || category !== undefined) throw new AppError('invalid_params', 'The parameter q searches a whole type: leave out tag and category, or search without them.');
    return searchedEntries(deps, { q: asked.q, type, language, status: status as 'published' | 'any' | 'draft' | 'scheduled', viewer, limit, page, withBody, selection });
  }
  const generation = deps.content.generation;
  // Built field by field: spreading optional parts into it cost more than the list lookup it asks for.
  const query: EntryQuery = { type, language, status: status as 'any' | EntryStatus, visible: (entry, translation) => canSeeTranslation(viewer, entry, translation) };
  if (tag !== undefined) query.tag = tag;
  if (category !== undefined) {
    query.category = category;
    query.upcomingOnly = site.categories[category]!.kind === 'date';
  }
  const { rows, total } = listEntries(deps.content, query, { offset: (page - 1) * limit, limit });
  const pages = Math.max(1, Math.ceil(total / limit));
  const meta = { page, pages, total };
  if (keys !== null) {
    const data = rows.map(({ entry, translation }) => entryView(deps.content, entry, translation, keys, (other) => canSeeTranslation(viewer, entry, other)));
    return { data, meta };
  }
  if (withBody) {
    const data = rows.map(({ entry, translation }) => apiEntry(deps.content, entry, translation, true, (other) => canSeeTranslation(viewer, entry, other)));
    return { data, meta };
  }
  // Without bodies, rows are joined from the text kept per translation (list-rows.ts): the same bytes.
  if (viewer === null) return new TaggedJson(listAnswer(rowCache.publicRows(deps.content, generation, rows), JSON.stringify(meta)));
  const data = rowCache.rowsJson(deps.content, generation, rows, viewer === null ? null : (entry, other) => canSeeTranslation(viewer, entry, other));
  return new JsonText(`{"data":[${data}],"meta":${JSON.stringify(meta)}}`);
}

/** GET /entry?id=: one entry with markdown and html. Drafts need content:read; without it: 404. */
export function getEntry(deps: ApiDeps, request: ApiRequest): unknown {
  checkClosed(deps, request);
  const site = deps.content.site();
  const id = checkedQuery('entryQuery', request.url).id;
  if (id === undefined || id === '') throw new AppError('invalid_params', `The parameter id is required, e.g. id=posts/hello; GET ${API_PREFIX}/entries lists the ids.`);
  try {
    parseEntryId(id);
  } catch (error) {
    throw new AppError('invalid_params', `The parameter id is not valid: ${(error as Error).message}`);
  }
  const language = oneOf(request.url, 'language', Object.keys(site.languages), site.defaultLanguage, `GET ${API_PREFIX}/site`);
  const keys = selectedKeys(request.url, BODY);
  const entry = deps.content.entryOncePerTurn(id);
  const notFound = () => new AppError('not_found', `No entry ${id} in ${language}; GET ${API_PREFIX}/entries lists the entries.`);
  if (!entry) throw notFound();
  const translation = entry.translations.get(language);
  if (!translation) throw notFound();
  const principal = request.principal?.scopes.has('content:read') ? request.principal : null;
  const visible = (t: typeof translation) => canSeeTranslation(principal, entry, t);
  if (!visible(translation)) throw notFound();
  return keys === null ? apiEntry(deps.content, entry, translation, true, visible) : entryView(deps.content, entry, translation, keys, visible);
}
