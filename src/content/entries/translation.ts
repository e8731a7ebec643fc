import { parseSiteTime } from '../../lib/time-zone.js';
import { LruCache } from '../../lib/lru.js';
import { readFileNoFollow } from '../../lib/no-follow.js';
import { parseFrontMatter } from './front-matter.js';
import type { EntryStatus, SiteConfig, Translation } from './types.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

const STATUS_VALUES: readonly EntryStatus[] = ['draft', 'published', 'scheduled'];
const STATUSES = new Set<EntryStatus>(STATUS_VALUES);

/**
 * The front matter fields buildTranslation reads (unless it keeps them all): the first start's reader
 * threads hand over only these (content/list-engine/first-scan-worker.ts). A field read below goes here too.
 */
export const LISTED_FIELDS: readonly string[] = ['status', 'published', 'date', 'slug', 'title', 'tags', 'category', 'author', 'via', 'start', 'review'];

/** An entry's path segments below its type, the last one replaced by the translation's own `slug` field where it holds one (D3). */
export function slugged(pathSegments: readonly string[], slug: unknown): string[] {
  const segments = [...pathSegments];
  if (typeof slug === 'string' && /^[a-z0-9][a-z0-9-]*$/.test(slug) && segments.length > 0) segments[segments.length - 1] = slug;
  return segments;
}

/** A translation's public path: its language's prefix (none for the default), its type's, then its segments. */
export function translationPath(site: SiteConfig, language: string, pathPrefix: string, segments: readonly string[]): string {
  return `${language === site.defaultLanguage ? '' : `/${language}`}${pathPrefix}/${segments.join('/')}`;
}

/**
 * Builds a Translation from a parsed file. Status is derived on read (D2): a scheduled translation whose
 * `published` time has passed is published, so no cron is needed on shared hosting.
 */
export function buildTranslation(input: {
  language: string;
  /** The entry's folder with a trailing separator (one string shared by its translations). */
  dir: string;
  mtimeMs: number;
  size: number;
  fields: Record<string, unknown>;
  /** Keep the fields in memory (a translation built from a value, not read from a file). */
  keepFields?: boolean;
  /** The body, or null to read it from the file when asked (large sites keep no bodies in memory). */
  body: string | null;
  /** The services the body embeds (embedded-services.ts), found while its text is at hand. */
  embeds: number;
  pathSegments: string[];
  pathPrefix: string;
  site: SiteConfig;
  now: number;
  /** The site's folders below which no link is followed: the body is read by them when asked (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
}): Translation {
  const { fields, site } = input;
  const declared = typeof fields.status === 'string' && STATUSES.has(fields.status as EntryStatus) ? (fields.status as EntryStatus) : 'draft';
  const published = typeof fields.published === 'string' ? fields.published : null;
  const publishedMs = published ? parseSiteTime(published, site.timezone) : null;
  let status: EntryStatus = STATUS_VALUES.find((value) => value === declared) ?? 'draft';
  if (declared === 'scheduled' && publishedMs !== null && publishedMs <= input.now) status = 'published';
  const created = typeof fields.date === 'string' ? parseSiteTime(fields.date, site.timezone) : null;
  const segments = slugged(input.pathSegments, fields.slug);
  // One flat string: the concatenation would keep its parts (a `/de/` per translation) alive beside it.
  const path = flatString(translationPath(site, input.language, input.pathPrefix, segments));
  return new StoredTranslation({
    language: input.language,
    dir: input.dir,
    trusted: input.trusted,
    mtimeMs: input.mtimeMs,
    size: input.size,
    inlineFields: input.keepFields ? fields : null,
    inlineBody: typeof input.body === 'string' ? input.body : null,
    title: typeof fields.title === 'string' ? fields.title : stringOf(fields.title) ?? segments[segments.length - 1] ?? '',
    status,
    published,
    dateMs: publishedMs ?? created ?? input.mtimeMs,
    path,
    tags: Array.isArray(fields.tags) ? internTags(fields.tags.filter((tag): tag is string => typeof tag === 'string')) : NO_TAGS,
    category: typeof fields.category === 'string' ? intern(fields.category) : null,
    author: internOrNull(stringOf(fields.author)),
    via: internOrNull(stringOf(fields.via)),
    start: typeof fields.start === 'string' ? fields.start : null,
    review: typeof fields.review === 'string' ? fields.review : null,
    embeds: input.embeds,
  });
}

const NO_TAGS: readonly string[] = Object.freeze([]);
/** Tags, categories, authors repeat across thousands of entries: keep one copy of each short value. */
const interned = new Map<string, string>();
function intern(value: string): string {
  if (value.length > 40) return value;
  const known = interned.get(value);
  if (known !== undefined) return known;
  if (interned.size < 20_000) interned.set(value, value);
  return value;
}
/** The same few combinations of tags repeat too: one frozen array per combination (some 25 MB at 100,000 entries). */
const internedTags = new Map<string, readonly string[]>();
function internTags(tags: string[]): readonly string[] {
  if (tags.length === 0) return NO_TAGS;
  const key = tags.join('\u0000');
  const known = internedTags.get(key);
  if (known !== undefined) return known;
  const shared = Object.freeze(tags.map(intern));
  if (internedTags.size < 20_000) internedTags.set(key, shared);
  return shared;
}
function internOrNull(value: string | null): string | null {
  return value === null ? null : intern(value);
}

type TranslationData = Omit<Translation, 'body' | 'fields' | 'file'> & { dir: string; trusted: TrustedFolders; inlineBody: string | null; inlineFields: Record<string, unknown> | null };

/**
 * A translation that keeps in memory only what listing, filtering and sorting need; its body and its full
 * front matter are read from its file when asked for (the last few hundred stay cached). A 10,000-entry
 * site would otherwise hold megabytes that only single reads need. A class with getters on the
 * prototype, not a closure per object, keeps each translation small.
 */
class StoredTranslation implements Translation {
  language!: string;
  /** The entry's folder with its trailing separator; `file` is derived so the folder's text is shared. */
  private dir!: string;
  /** The site's folders (one value shared by every translation), by which the file is read when asked. */
  private trusted!: TrustedFolders;
  mtimeMs!: number;
  size!: number;
  title!: string;
  status!: EntryStatus;
  published!: string | null;
  dateMs!: number;
  path!: string;
  tags!: readonly string[];
  category!: string | null;
  author!: string | null;
  via!: string | null;
  start!: string | null;
  review!: string | null;
  embeds!: number;
  private readonly inlineBody: string | null;
  private readonly inlineFields: Record<string, unknown> | null;

  constructor(data: TranslationData) {
    Object.assign(this, data);
    // A small integer stays a small integer (a heap number per translation otherwise).
    this.size = (data.size | 0) === data.size ? data.size | 0 : data.size;
    this.inlineBody = data.inlineBody;
    this.inlineFields = data.inlineFields;
  }

  get file(): string {
    return `${this.dir}${this.language}.md`;
  }

  get body(): string {
    return this.inlineBody ?? loadDocument(this.trusted, this.file, this.mtimeMs, this.size).body;
  }

  get fields(): Record<string, unknown> {
    return this.inlineFields ?? loadDocument(this.trusted, this.file, this.mtimeMs, this.size).fields;
  }

  /** The front matter held in memory, if it is (passingFields). */
  get heldFields(): Record<string, unknown> | null {
    return this.inlineFields;
  }
}

/**
 * A translation's front matter for a pass over many that wants a field of each (the Content list's
 * thumbnails want the cover of 50 rows a page, 5,000 over 100 pages): from memory or the kept document
 * where there is one, else read and not kept. Each kept would push an older one out of the 500 kept, and
 * the documents let go so had lived long enough to go to the old generation (at 100,000 posts, eight
 * seconds of each panel row from the kept index peaked at 216-219 MB with this, 218-228 MB without).
 */
export function passingFields(translation: Translation, trusted: TrustedFolders): Record<string, unknown> {
  return fieldsAtHand(translation) ?? loadDocument(trusted, translation.file, translation.mtimeMs, translation.size, false).fields;
}

/** A translation's front matter where it is at hand without a read: held in memory, or its document kept. Else null. */
export function fieldsAtHand(translation: Translation): Record<string, unknown> | null {
  const held = translation instanceof StoredTranslation ? translation.heldFields : null;
  return held ?? documents.get(documentKey(translation.file, translation.mtimeMs, translation.size))?.document.fields ?? null;
}

/** The front matter of a translation file's bytes read by the caller, as loadDocument reads them (none when they are not UTF-8 or not front matter). */
export function fieldsOfBytes(bytes: Uint8Array): Record<string, unknown> {
  try {
    return parseFrontMatter(strictUtf8.decode(bytes)).fields;
  } catch {
    return {};
  }
}

interface LoadedDocument { fields: Record<string, unknown>; body: string }
/**
 * Documents read again lately, keyed by file and stamp: a repeat (an entry asked for again, its page then its
 * API view) saves a read and a front matter parse, a fraction of a millisecond. Bounded by bytes as well as
 * count, counted as twice the file (its body as a string and its parsed fields): 500 long documents would
 * otherwise hold tens of megabytes.
 */
const DOCUMENT_BYTES = 2 * 1024 * 1024;
const documents = new LruCache<string, { document: LoadedDocument; bytes: number }>(500, { maxBytes: DOCUMENT_BYTES, sizeOf: (kept) => kept.bytes });
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A kept document's key: its file at one stamp. */
const documentKey = (file: string, mtimeMs: number, size: number) => `${file}|${mtimeMs}|${size}`;

/**
 * Reads a translation file again; a file that vanished, broke or became a link meanwhile reads as empty.
 * With `keep` false, a document not kept already is read and not kept (passingFields).
 */
export function loadDocument(trusted: TrustedFolders, file: string, mtimeMs: number, size: number, keep = true): LoadedDocument {
  const key = documentKey(file, mtimeMs, size);
  const kept = documents.get(key);
  if (kept !== undefined) return kept.document;
  let document: LoadedDocument;
  try {
    document = parseFrontMatter(strictUtf8.decode(readFileNoFollow(trusted, file)));
  } catch {
    document = { fields: {}, body: '' };
  }
  if (keep) documents.set(key, { document, bytes: 2 * size + 200 });
  return document;
}

function flatString(value: string): string {
  return JSON.parse(JSON.stringify(value)) as string;
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
