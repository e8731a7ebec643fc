import { parseSiteTime } from '../lib/time-zone.js';
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
  body: string;
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
  return {
    language: input.language,
    file: input.file,
    mtimeMs: input.mtimeMs,
    size: input.size,
    fields,
    body: input.body,
    title: typeof fields.title === 'string' ? fields.title : stringOf(fields.title) ?? segments[segments.length - 1] ?? '',
    status,
    published,
    dateMs: publishedMs ?? created ?? input.mtimeMs,
    path,
    tags: Array.isArray(fields.tags) ? fields.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    category: typeof fields.category === 'string' ? fields.category : null,
    author: stringOf(fields.author),
    via: stringOf(fields.via),
  };
}

function stringOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
