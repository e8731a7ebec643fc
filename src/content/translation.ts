import { parseSiteTime } from '../lib/time-zone.js';
import { readFileSync } from 'node:fs';
import { TextDecoder } from 'node:util';
import { LruCache } from '../lib/lru.js';
import { parseFrontMatter } from './front-matter.js';
import type { EntryStatus, SiteConfig, Translation } from './types.js';

const STATUSES = new Set<EntryStatus>(['draft', 'published', 'scheduled']);

/**
 * Builds a Translation from a parsed file. Status is derived on read (D2): a scheduled translation whose
 * `published` time has passed is published, so no cron is needed on shared hosting.
 */
export function buildTranslation(input: {
  language: string;
  file: string;
  mtimeMs: number;
  size: number;
  fields: Record<string, unknown>;
  /** The body, or null to read it from the file when asked (large sites keep no bodies in memory). */
  body: string | null;
  pathSegments: string[];
  pathPrefix: string;
  site: SiteConfig;
  now: number;
}): Translation {
  const { fields, site } = input;
  const declared = typeof fields.status === 'string' && STATUSES.has(fields.status as EntryStatus) ? (fields.status as EntryStatus) : 'draft';
  const published = typeof fields.published === 'string' ? fields.published : null;
  const publishedMs = published ? parseSiteTime(published, site.timezone) : null;
  let status = declared;
  if (declared === 'scheduled' && publishedMs !== null && publishedMs <= input.now) status = 'published';
  const created = typeof fields.date === 'string' ? parseSiteTime(fields.date, site.timezone) : null;
  const segments = [...input.pathSegments];
  if (typeof fields.slug === 'string' && /^[a-z0-9][a-z0-9-]*$/.test(fields.slug) && segments.length > 0) {
    segments[segments.length - 1] = fields.slug;
  }
  const languagePrefix = input.language === site.defaultLanguage ? '' : `/${input.language}`;
  const path = `${languagePrefix}${input.pathPrefix}/${segments.join('/')}`;
  return new StoredTranslation({
    language: input.language,
    file: input.file,
    mtimeMs: input.mtimeMs,
    size: input.size,
    fields,
    inlineBody: typeof input.body === 'string' ? input.body : null,
    title: typeof fields.title === 'string' ? fields.title : stringOf(fields.title) ?? segments[segments.length - 1] ?? '',
    status,
    published,
    dateMs: publishedMs ?? created ?? input.mtimeMs,
    path,
    tags: Array.isArray(fields.tags) ? fields.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    category: typeof fields.category === 'string' ? fields.category : null,
    author: stringOf(fields.author),
    via: stringOf(fields.via),
  });
}

type TranslationData = Omit<Translation, 'body'> & { inlineBody: string | null };

/**
 * A translation whose body is read from its file when asked for (and then only the last few hundred are
 * cached): a 10,000-entry site would otherwise hold megabytes of Markdown that only single reads need.
 * A class with a getter on the prototype, not a closure per object, keeps each translation small.
 */
class StoredTranslation implements Translation {
  language!: string;
  file!: string;
  mtimeMs!: number;
  size!: number;
  fields!: Record<string, unknown>;
  title!: string;
  status!: EntryStatus;
  published!: string | null;
  dateMs!: number;
  path!: string;
  tags!: string[];
  category!: string | null;
  author!: string | null;
  via!: string | null;
  private readonly inlineBody: string | null;

  constructor(data: TranslationData) {
    Object.assign(this, data);
    this.inlineBody = data.inlineBody;
  }

  get body(): string {
    return this.inlineBody ?? loadBody(this.file, this.mtimeMs, this.size);
  }
}

const bodies = new LruCache<string, string>(300);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function loadBody(file: string, mtimeMs: number, size: number): string {
  const key = `${file}|${mtimeMs}|${size}`;
  let body = bodies.get(key);
  if (body === undefined) {
    try {
      body = parseFrontMatter(strictUtf8.decode(readFileSync(file))).body;
    } catch {
      body = '';
    }
    bodies.set(key, body);
  }
  return body;
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
