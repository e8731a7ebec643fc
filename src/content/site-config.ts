import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { isValidTimeZone } from '../lib/time-zone.js';
import type { SiteConfig, CategoryDefinition, ContentType, FieldDefinition } from './types.js';

const key = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'keys are lowercase letters, digits, - and _');

const fieldSchema = z.object({
  type: z.enum(['text', 'textarea', 'time', 'date', 'number', 'select', 'boolean', 'image', 'url']).default('text'),
  label: z.string().optional(),
  required: z.boolean().default(false),
  options: z.array(z.string()).optional(),
  same_in_all_languages: z.boolean().default(false),
});

const siteSchema = z.object({
  title: z.string().min(1),
  description: z.string().default(''),
  url: z.string().default('http://127.0.0.1:8080'),
  languages: z.record(z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, 'language codes look like en or pt-BR'), z.string()).refine((value) => Object.keys(value).length > 0, 'name at least one language'),
  default_language: z.string().optional(),
  timezone: z.string().default('UTC').refine(isValidTimeZone, 'is not a time zone Intl knows'),
  approval_mode: z.boolean().default(false),
  closed: z.boolean().default(false),
  types: z.record(key, z.object({ folder: z.string().regex(/^[a-z0-9][a-z0-9-]*$/), label: z.string().optional() })).default({}),
  categories: z.record(key, z.object({
    label: z.string().optional(),
    kind: z.enum(['plain', 'date']).default('plain'),
    fields: z.record(key, fieldSchema).default({}),
  })).default({}),
});

const CORE_TYPES: ContentType[] = [
  { key: 'post', folder: 'posts', label: 'Posts' },
  { key: 'page', folder: 'pages', label: 'Pages' },
  { key: 'tag', folder: 'tags', label: 'Tags' },
];

/** Folders that are never content types. */
export const RESERVED_FOLDERS = new Set(['media', 'svc', 'tag']);

/** Reads and validates `content/site.yaml`; throws an Error with one readable sentence. */
export function loadSiteConfig(file: string): SiteConfig {
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'), { schema: 'core' }) ?? {};
  } catch (error) {
    throw new Error(`content/site.yaml cannot be read: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = siteSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`content/site.yaml: ${issue.path.join('.') || 'the file'} ${issue.message}.`);
  }
  const site = parsed.data;
  const languages = site.languages;
  const defaultLanguage = site.default_language ?? Object.keys(languages)[0]!;
  if (!(defaultLanguage in languages)) throw new Error(`content/site.yaml: default_language ${defaultLanguage} is not one of the languages.`);

  const types: ContentType[] = CORE_TYPES.map((core) => {
    const override = site.types[core.key];
    return { key: core.key, folder: core.folder, label: override?.label ?? core.label };
  });
  for (const [typeKey, value] of Object.entries(site.types)) {
    if (types.some((t) => t.key === typeKey)) continue;
    if (types.some((t) => t.folder === value.folder) || RESERVED_FOLDERS.has(value.folder)) {
      throw new Error(`content/site.yaml: the folder of type ${typeKey} is already used.`);
    }
    types.push({ key: typeKey, folder: value.folder, label: value.label ?? typeKey });
  }

  const categories: Record<string, CategoryDefinition> = {};
  for (const [categoryKey, value] of Object.entries(site.categories)) {
    const fields: Record<string, FieldDefinition> = {};
    for (const [fieldKey, field] of Object.entries(value.fields)) {
      fields[fieldKey] = {
        type: field.type,
        label: field.label ?? fieldKey,
        required: field.required,
        options: field.options ?? null,
        same_in_all_languages: field.same_in_all_languages,
      };
    }
    if (value.kind === 'date' && !fields.start) {
      fields.start = { type: 'time', label: 'Start', required: true, options: null, same_in_all_languages: true };
    }
    categories[categoryKey] = { key: categoryKey, label: value.label ?? categoryKey, kind: value.kind, fields };
  }

  return {
    title: site.title,
    description: site.description,
    url: site.url.replace(/\/+$/, ''),
    languages,
    defaultLanguage,
    timezone: site.timezone,
    approvalMode: site.approval_mode,
    closed: site.closed,
    types,
    categories,
  };
}
