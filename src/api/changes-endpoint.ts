// GET /svc/api/v1/changes?since=<cursor>: the change feed as an app or a static site builder syncs from it
// (README "Content API"), without reading everything again. What it shows is what the caller may see: to
// anyone, the changes of what is public (an entry with a published translation, one that stopped being
// public, settings and theme); to a token with content:read, what that token may see of drafts too.
// Never who made a change (person, token name): that is the history's, for people who manage the site.
import { AppError } from '../errors.js';
import type { ApiDeps } from './api-deps.js';
import type { ApiRequest } from './api-request.js';
import { canSeeTranslation } from '../content/content-rights.js';
import type { ChangeEvent } from '../feed/change-event.js';
import type { Principal } from '../auth/principal.js';
import { intParam, param } from './params.js';

/** Kinds that say an entry left public view: shown even when nothing of it is public now. */
const LEAVING = new Set(['entry.unpublished', 'entry.removed']);

/** An event as the Content API shows it. */
interface ShownChange {
  seq: number;
  time: string;
  kind: string;
  entry: string | null;
  languages: string[];
  paths: string[];
  before: string[];
}

export function getChanges(deps: ApiDeps, request: ApiRequest): unknown {
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
  const last = read.resync ? read.position.seq : read.events.at(-1)?.seq ?? since;
  return { data, next: String(last), resync: read.resync, has_more: !read.resync && read.events.length === limit };
}

/** The event as this viewer may see it, or null when it concerns nothing they may see. */
function shown(deps: ApiDeps, event: ChangeEvent, viewer: Principal | null): ShownChange | null {
  const base = { seq: event.seq, time: event.time, kind: event.kind, entry: event.entry };
  if (event.entry === null) return { ...base, languages: [], paths: [], before: [] };
  let entry;
  try { entry = deps.content.indexed(event.entry); } catch { return null; }
  const visible = entry ? [...entry.translations.values()].filter((translation) => canSeeTranslation(viewer, entry, translation)) : [];
  if (visible.length === 0 && !LEAVING.has(event.kind) && event.before.length === 0) return null;
  const visiblePaths = new Set(visible.map((translation) => translation.path));
  const visibleLanguages = new Set(visible.map((translation) => translation.language));
  return {
    ...base,
    languages: LEAVING.has(event.kind) ? event.languages : event.languages.filter((language) => visibleLanguages.has(language)),
    paths: event.paths.filter((path) => visiblePaths.has(path)),
    before: event.before,
  };
}
