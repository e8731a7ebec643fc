// GET /svc/api/v1/changes?since=<cursor>: the change feed as an app or a static site builder syncs from it
// (README "Content API"), without reading everything again. What it shows is what the caller may see: to
// anyone, the changes of what is public (an entry with a published translation, one that stopped being
// public, settings and theme); to a token with content:read, what that token may see of drafts too.
// Never who made a change (person, token name): that is the history's, for people who manage the site.
import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import type { ApiRequest } from './api-request.js';
import { canSeeTranslation, seesOthersUnpublished } from '../content/content-rights.js';
import type { ChangeEvent, PublicView } from '../feed/change-event.js';
import type { Principal } from '../auth/principal.js';
import { intParam, param } from './params.js';
import type { ChangesAnswer, ShownChange } from './answers/answer-types.js';

/** Kinds that say an entry left view: of an event recorded without its public view, not known to have been public. */
const LEAVING = new Set(['entry.unpublished', 'entry.removed']);

/** The answer, typed from its schema (answers/api-schemas.ts changesAnswer): a key the document lacks does not compile. */
export function getChanges(deps: ApiDeps, request: ApiRequest): ChangesAnswer {
  const viewer = request.principal?.scopes.has('content:read') ? request.principal : null;
  if (deps.content.site().closed && viewer === null) {
    throw new AppError(request.principal ? 'forbidden' : 'unauthorized', 'This closed site shows its changes only to a token with content:read.', request.principal ? {} : { 'www-authenticate': 'Bearer' });
  }
  const sinceText = param(request.url, 'since');
  // Up to 16 digits: any seq the feed can hand out (a safe integer; segment names have 16) is taken back.
  if (sinceText !== undefined && (!/^\d{1,16}$/.test(sinceText) || !Number.isSafeInteger(Number(sinceText)))) {
    throw new AppError('invalid_params', 'The parameter since must be the cursor a previous answer gave as next (a whole number), or left out to start from now.');
  }
  const limit = intParam(request.url, 'limit', 100, 1, 1000);
  const feed = deps.content.changes?.feed;
  if (!feed) return { data: [], next: '0', resync: false, has_more: false };
  // Without a cursor: where to start from, after reading everything once.
  if (sinceText === undefined) return { data: [], next: String(feed.end().seq), resync: false, has_more: false };
  const since = Number(sinceText);
  const read = feed.since(since, limit);
  const data = read.events.map((event) => shown(deps, event, viewer)).filter((event): event is ShownChange => event !== null);
  // After a resync the reader goes on from where the feed now is (read.position), never from an event of a
  // segment the feed left behind: that cursor would only lead to the same resync again.
  const full = read.events.length === limit;
  // A cursor that moved over changes the reader may not see would tell them something changed (a draft
  // saved): it moves to the last change shown, and past the others only when they fill a whole answer.
  const last = read.resync ? read.position.seq : full ? read.events.at(-1)!.seq : data.at(-1)?.seq ?? since;
  return { data, next: String(last), resync: read.resync, has_more: !read.resync && full };
}

/** The event as this viewer may see it, or null when it concerns nothing they may see. */
function shown(deps: ApiDeps, event: ChangeEvent, viewer: Principal | null): ShownChange | null {
  const base = { seq: event.seq, time: event.time, kind: event.kind, entry: event.entry };
  // Last, after the addresses, where the schema has it (answers/api-schemas.ts changeSchema).
  const how = event.media === undefined ? {} : { media: event.media };
  if (event.entry === null) return { ...base, languages: [], paths: [], before: [] };
  if (viewer !== null && seesOthersUnpublished(viewer)) return { ...base, languages: event.languages, paths: event.paths, before: event.before, ...how };
  const view = event.public === undefined ? publicNow(deps, event) : event.public;
  const own = viewer === null ? null : ownDrafts(deps, event, viewer);
  if (own === null) return view === null ? null : { ...base, languages: view.languages, paths: view.paths, before: view.before, ...how };
  // A token that sees its person's drafts (a contributor's) is shown their changes too, where they are now.
  const languages = [...new Set([...(view?.languages ?? []), ...own.languages])].sort();
  const paths = [...new Set([...(view?.paths ?? []), ...own.paths])].sort();
  return { ...base, languages, paths, before: view?.before ?? [], ...how };
}

/**
 * The public view of an event recorded before events carried theirs, from what is public now: where the
 * entry is public of the languages it names, and nothing of where it was (that is not known any more).
 */
function publicNow(deps: ApiDeps, event: ChangeEvent): PublicView | null {
  if (LEAVING.has(event.kind)) return null;
  const entry = indexed(deps, event.entry!);
  if (!entry) return null;
  const published = [...entry.translations.values()].filter((translation) => translation.status === 'published');
  const languages = event.languages.filter((language) => published.some((translation) => translation.language === language));
  if (published.length === 0 || (event.languages.length > 0 && languages.length === 0)) return null;
  return { languages, paths: published.map((translation) => translation.path).sort(), before: [] };
}

/** The viewer's own unpublished translations the event names (or all, for a change to the entry as a whole), or null for none. */
function ownDrafts(deps: ApiDeps, event: ChangeEvent, viewer: Principal): { languages: string[]; paths: string[] } | null {
  const entry = indexed(deps, event.entry!);
  if (!entry) return null;
  const mine = [...entry.translations.values()].filter((translation) => translation.status !== 'published' && canSeeTranslation(viewer, entry, translation)
    && (event.languages.length === 0 || event.languages.includes(translation.language)));
  return mine.length === 0 ? null : { languages: mine.map((translation) => translation.language), paths: mine.map((translation) => translation.path) };
}

function indexed(deps: ApiDeps, id: string) {
  try { return deps.content.indexed(id); } catch { return undefined; }
}
