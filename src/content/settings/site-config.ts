import { fileProblemReason } from '../../lib/file-problem.js';
import { isObjectPropertyName } from './setting-keys.js';
import { readTextNoFollow } from '../../lib/no-follow.js';
import { isValidTimeZone } from '../../lib/time-zone.js';
import { addressPartsProblem, asciiAddress } from '../../lib/site-address.js';
import type { SiteConfig, CategoryDefinition, ContentType, FieldDefinition } from '../entries/types.js';
import { yamlLibrary } from '../entries/yaml.js';
import { readCachedSiteConfig, writeCachedSiteConfig } from './site-config-cache.js';
import { readConsent, readNavigation } from './site-links.js';
import { RESERVED_FOLDERS, SITE_ADDRESSES } from './site-addresses.js';
import { TrustedFolders } from '../../lib/trusted-folders.js';
import { dirname } from 'node:path';

// site.yaml is checked by hand rather than with a schema library: every process reads it at start, and
// loading one costs more than the rest of a stdio server's start-up. The sentences are the ones the schema
// library gave: `content/site.yaml: <path> <problem>.`

const KEY = /^[a-z][a-z0-9_-]{0,39}$/;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
const FOLDER = /^[a-z0-9][a-z0-9-]*$/;
const FIELD_TYPES = ['text', 'textarea', 'time', 'date', 'number', 'select', 'boolean', 'image', 'url'] as const;
const KINDS = ['plain', 'date'] as const;

class SiteConfigProblem extends Error {
  constructor(path: string, problem: string) {
    super(`content/site.yaml: ${path || 'the file'} ${problem}.`);
  }
}

/** The name the schema library's sentences give a value's type. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : String(value);
  if (value instanceof Date) return 'date';
  return typeof value;
}

function wrongType(path: string, expected: string, value: unknown): never {
  throw new SiteConfigProblem(path, `Invalid input: expected ${expected}, received ${typeName(value)}`);
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function object(value: unknown, path: string): Record<string, unknown> {
  return isObject(value) ? value : wrongType(path, 'object', value);
}

function string(value: unknown, path: string): string {
  return typeof value === 'string' ? value : wrongType(path, 'string', value);
}

function optionalString(value: unknown, path: string): string | undefined {
  return value === undefined ? undefined : string(value, path);
}

function boolean(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return typeof value === 'boolean' ? value : wrongType(path, 'boolean', value);
}

function oneOf<T extends string>(value: unknown, path: string, options: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if ((options as readonly unknown[]).includes(value)) return value as T;
  throw new SiteConfigProblem(path, `Invalid option: expected one of ${options.map((option) => `"${option}"`).join('|')}`);
}

/** A mapping whose keys must match `key`; `item` reads each value. Missing: `fallback` (or refused). */
function record<T>(value: unknown, path: string, key: RegExp, item: (value: unknown, path: string) => T, fallback?: Record<string, T>): Record<string, T> {
  if (value === undefined && fallback) return fallback;
  if (!isRecord(value)) wrongType(path, 'record', value);
  const out: Record<string, T> = {};
  for (const [name, inner] of Object.entries(value)) {
    if (!key.test(name) || isObjectPropertyName(name)) throw new SiteConfigProblem(at(path, name), 'Invalid key in record');
    out[name] = item(inner, at(path, name));
  }
  return out;
}

function field(value: unknown, path: string) {
  const v = object(value, path);
  const type = oneOf(v.type, at(path, 'type'), FIELD_TYPES, 'text');
  const label = optionalString(v.label, at(path, 'label'));
  const required = boolean(v.required, at(path, 'required'), false);
  let options: string[] | undefined;
  if (v.options !== undefined) {
    if (!Array.isArray(v.options)) wrongType(at(path, 'options'), 'array', v.options);
    options = v.options.map((option, index) => string(option, at(path, `options.${index}`)));
  }
  const same = boolean(v.same_in_all_languages, at(path, 'same_in_all_languages'), false);
  return { type, label, required, options, same_in_all_languages: same };
}

/** site.yaml's document checked field by field, in file-format order; the first problem throws. */
function readSite(raw: unknown) {
  const v = object(raw, '');
  const title = string(v.title, 'title');
  if (title.length === 0) throw new SiteConfigProblem('title', 'Too small: expected string to have >=1 characters');
  const description = v.description === undefined ? '' : string(v.description, 'description');
  const url = v.url === undefined ? 'http://127.0.0.1:8080' : string(v.url, 'url');
  // Refused as --base-url, `svc init --url` and the panel refuse it (lib/site-address.ts): a password would go
  // out in every address the stdio server gives. Whether it is an absolute address at all is `svc check`'s to
  // say (check-settings.ts): the HTTP server does not build its addresses from it.
  const urlProblem = addressPartsProblem(url);
  if (urlProblem !== null) throw new SiteConfigProblem('url', urlProblem);
  const languages = record(v.languages, 'languages', LANGUAGE, string);
  if (Object.keys(languages).length === 0) throw new SiteConfigProblem('languages', 'name at least one language');
  const defaultLanguage = optionalString(v.default_language, 'default_language');
  const timezone = v.timezone === undefined ? 'UTC' : string(v.timezone, 'timezone');
  if (!isValidTimeZone(timezone)) throw new SiteConfigProblem('timezone', 'is not a time zone Intl knows');
  const approvalMode = boolean(v.approval_mode, 'approval_mode', false);
  const approvalLive = boolean(v.approval_live, 'approval_live', false);
  const closed = boolean(v.closed, 'closed', false);
  const trackOutboundLinks = boolean(v.track_outbound_links, 'track_outbound_links', false);
  const trackFileDownloads = boolean(v.track_file_downloads, 'track_file_downloads', false);
  const llmsTxt = boolean(v.llms_txt, 'llms_txt', true);
  const types = record(v.types, 'types', KEY, (value, path) => {
    const t = object(value, path);
    const folder = string(t.folder, at(path, 'folder'));
    if (!FOLDER.test(folder)) throw new SiteConfigProblem(at(path, 'folder'), `Invalid string: must match pattern ${FOLDER}`);
    return { folder, label: optionalString(t.label, at(path, 'label')) };
  }, {});
  const categories = record(v.categories, 'categories', KEY, (value, path) => {
    const c = object(value, path);
    return {
      label: optionalString(c.label, at(path, 'label')),
      kind: oneOf(c.kind, at(path, 'kind'), KINDS, 'plain'),
      fields: record(c.fields, at(path, 'fields'), KEY, field, {}),
    };
  }, {});
  const fail = (path: string, problem: string): never => { throw new SiteConfigProblem(path, problem); };
  const navigation = readNavigation(v.navigation, languages, fail);
  const consent = readConsent(v.consent, fail);
  return { title, description, url, languages, defaultLanguage, timezone, approvalMode, approvalLive, closed, trackOutboundLinks, trackFileDownloads, llmsTxt, types, categories, navigation, consent };
}

const CORE_TYPES: ContentType[] = [
  { key: 'post', folder: 'posts', label: 'Posts' },
  { key: 'page', folder: 'pages', label: 'Pages' },
  { key: 'tag', folder: 'tags', label: 'Tags' },
];

/**
 * Reads and validates `content/site.yaml`; throws an Error with one readable sentence. The result is kept
 * in data/cache/ (see site-config-cache.ts), so a start with an unchanged file parses no YAML. `trusted`:
 * the site's folders (without them, a command or test reading site.yaml alone trusts only its folder);
 * `readText` reads the file (the write actions pass their storage's). site.yaml is never read through a
 * symbolic link (lib/no-follow.ts).
 */
export function loadSiteConfig(file: string, trusted = new TrustedFolders([dirname(file)]), readText = (path: string) => readTextNoFollow(trusted, path)): SiteConfig {
  const cached = readCachedSiteConfig(trusted, file, import.meta.url);
  if (cached.config) return cached.config;
  let raw: unknown;
  try {
    raw = yamlLibrary().parse(readText(file), { schema: 'core' }) ?? {};
  } catch (error) {
    throw new Error(`content/site.yaml cannot be read: ${fileProblemReason(error) ?? (error as Error).message.split('\n')[0]}`);
  }
  const config = buildSiteConfig(raw);
  writeCachedSiteConfig(trusted, cached.stamp, config);
  return config;
}

/** The SiteConfig of a parsed site.yaml document; throws an Error with one readable sentence. */
export function buildSiteConfig(raw: unknown): SiteConfig {
  const site = readSite(raw);
  const languages = site.languages;
  const defaultLanguage = site.defaultLanguage ?? Object.keys(languages)[0]!;
  if (!Object.hasOwn(languages, defaultLanguage)) throw new Error(`content/site.yaml: default_language ${defaultLanguage} is not one of the languages.`);

  const types: ContentType[] = CORE_TYPES.map((core) => {
    const override = site.types[core.key];
    return { key: core.key, folder: core.folder, label: override?.label ?? core.label };
  });
  for (const [typeKey, value] of Object.entries(site.types)) {
    if (types.some((t) => t.key === typeKey)) continue;
    if (types.some((t) => t.folder === value.folder) || RESERVED_FOLDERS.has(value.folder)) {
      throw new Error(`content/site.yaml: the folder of type ${typeKey} is already used.`);
    }
    // The search page is answered before a type's list (site/routes.ts): a list at /search would never show.
    if (value.folder === 'search') throw new Error(`content/site.yaml: the folder of type ${typeKey} cannot be search: ${SITE_ADDRESSES.get('search')}, which would hide the type's list.`);
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
    url: asciiAddress(site.url).replace(/\/+$/, ''),
    languages,
    defaultLanguage,
    timezone: site.timezone,
    approvalMode: site.approvalMode,
    approvalLive: site.approvalLive,
    closed: site.closed,
    trackOutboundLinks: site.trackOutboundLinks,
    trackFileDownloads: site.trackFileDownloads,
    llmsTxt: site.llmsTxt,
    types,
    categories,
    navigation: site.navigation,
    consent: site.consent,
  };
}
