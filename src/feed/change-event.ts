// One change to what the site serves, as the change feed (change-feed.ts) records it: a line of JSON in a
// segment file under data/feed/. Readers in other processes and outside consumers (cache purges, webhooks,
// MCP notifications, /svc/api/v1/changes) learn of changes from these alone, so each says what changed, where
// it shows (the public paths before and after), and who made it through what.

/** What happened. `entry.*` kinds name an entry; `site.*`, `theme.*` and `plugins.*` touch every page. */
export const CHANGE_KINDS = [
  'entry.created',
  /** Text, fields or a translation added or changed; `languages` names which. */
  'entry.updated',
  'entry.published',
  'entry.unpublished',
  'entry.scheduled',
  /** A scheduled time passed: the translation became public at `time`. */
  'entry.due',
  'entry.style',
  /**
   * The entry's media: a picture uploaded, replaced, deleted or restored, or its alt text (the panel, MCP);
   * a file of its media folder changed, added or removed by hand (`via: disk`, the files in `detail`).
   */
  'entry.media',
  /**
   * An entry folder that was not there, or is no longer: found on disk (an editor, git, rsync; `via: disk`),
   * or restored from the panel's trash and moved to it (`via: panel`).
   */
  'entry.added',
  'entry.removed',
  /** Found on disk: files of a known entry changed. */
  'entry.changed',
  'site.changed',
  /** Every entry was read again (`svc reindex` without an index to compare with): anything may have changed. */
  'site.reindexed',
  'theme.changed',
  'plugins.changed',
] as const;

export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** Through what the change came: the panel, an assistant (MCP), the command line, the scheduler, or the disk. */
export type ChangeVia = 'panel' | 'mcp' | 'cli' | 'schedule' | 'disk';

export interface ChangeEvent {
  /** Grows by one from event to event; never reused while the feed is kept. */
  seq: number;
  /** ISO 8601 UTC, from the writer's clock (informative: order is `seq`'s, clocks may step back). */
  time: string;
  kind: ChangeKind;
  /** Entry id, or null for site, theme and plugin changes. */
  entry: string | null;
  /** The translations concerned (empty: the entry as a whole, or not an entry). */
  languages: string[];
  /** Public paths the change touches as they are now... */
  paths: string[];
  /** ...and as they were, where they differ (a slug changed, an entry removed). */
  before: string[];
  via: ChangeVia;
  /** Account id of the person, where known. */
  person: string | null;
  /** The token's name for changes made through MCP. */
  token: string | null;
  /** A short note: the file uploaded, the scheduled time. */
  detail?: string;
  /**
   * For `entry.media`: how the media changed. `added`: files came and none went (an upload, a restore);
   * `removed`: files went and none came (a deletion); `changed`: anything else (a picture replaced, an alt
   * text, a mix found on disk). Absent on lines written before svc recorded it.
   */
  media?: MediaChangeHow;
  /**
   * What anyone may see of the change, decided when it is recorded (what was public then is known only
   * then): null when it touched nothing public before or after; absent for a change to no entry, and on lines
   * written before svc recorded it.
   */
  public?: PublicView | null;
}

/**
 * An entry change as a reader without a token sees it (/svc/api/v1/changes): the translations changed that
 * were public before or after, where the entry is public now, and where it was public and no longer is
 * (unpublished, removed, moved to another slug). Drafts leave no trace in it.
 */
export interface PublicView {
  languages: string[];
  paths: string[];
  before: string[];
}

export type MediaChangeHow = 'added' | 'removed' | 'changed';
const MEDIA_HOWS = new Set<string>(['added', 'removed', 'changed']);

/** How a set of files changed as a whole: `added` or `removed` when all did so, else `changed`. */
export function mediaChangeOf(hows: Iterable<string>): MediaChangeHow {
  const seen = new Set(hows);
  return seen.size === 1 && (seen.has('added') || seen.has('removed')) ? ([...seen][0] as MediaChangeHow) : 'changed';
}

/** What a writer hands the feed: the feed adds `seq` and `time`. */
export type NewChange = Omit<ChangeEvent, 'seq' | 'time'>;

const KINDS = new Set<string>(CHANGE_KINDS);
const VIAS = new Set<string>(['panel', 'mcp', 'cli', 'schedule', 'disk']);
/** Paths kept per event: a page with many children moves them all, but an event stays a short line. */
export const MAX_PATHS = 200;

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';

/**
 * The highest seq the feed hands out: a million events a second for eight years. A number past it in a file
 * is damage (a torn line's `{"seq":9999999999999999`, a cursor edited by hand): taken as the feed's end it
 * made every next seq the same once past 2^53, where doubles stop counting by one.
 */
export const MAX_SEQ = 2 ** 48;

/** Whether `value` can be a seq: a whole number from 1 to MAX_SEQ. */
export function isSeq(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_SEQ;
}

/** The event a feed line holds, or null for anything else (a header, a damaged or foreign line). */
export function parseEvent(line: string): ChangeEvent | null {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { seq, time, kind, entry, languages, paths, before, via, person, token, detail } = value;
  if (!isSeq(seq) || typeof time !== 'string') return null;
  if (typeof kind !== 'string' || !KINDS.has(kind) || typeof via !== 'string' || !VIAS.has(via)) return null;
  if (!isNullableString(entry) || !isStringList(languages) || !isStringList(paths) || !isStringList(before)) return null;
  if (!isNullableString(person) || !isNullableString(token) || (detail !== undefined && typeof detail !== 'string')) return null;
  // A way this version does not know (a newer svc's) says nothing: the event stands without it.
  if (value.media !== undefined && !(typeof value.media === 'string' && MEDIA_HOWS.has(value.media))) delete value.media;
  const shown = value.public;
  if (shown !== undefined && shown !== null && !isPublicView(shown)) return null;
  return value as unknown as ChangeEvent;
}

/** The line for an event, with its fields in a fixed order. */
export function eventLine(event: ChangeEvent): string {
  const { seq, time, kind, entry, languages, paths, before, via, person, token, detail } = event;
  const shown = event.public;
  return JSON.stringify({
    seq, time, kind, entry, languages, paths: paths.slice(0, MAX_PATHS), before: before.slice(0, MAX_PATHS), via, person, token,
    ...(detail === undefined ? {} : { detail: detail.slice(0, 300) }),
    ...(event.media === undefined ? {} : { media: event.media }),
    ...(shown === undefined ? {} : { public: shown === null ? null : { languages: shown.languages, paths: shown.paths.slice(0, MAX_PATHS), before: shown.before.slice(0, MAX_PATHS) } }),
  }) + '\n';
}

function isPublicView(value: unknown): value is PublicView {
  if (typeof value !== 'object' || value === null) return false;
  const { languages, paths, before } = value as Record<string, unknown>;
  return isStringList(languages) && isStringList(paths) && isStringList(before);
}
