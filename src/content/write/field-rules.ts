import { AppError } from '../../errors.js';
import { mediaReferenceParts } from '../media-folder.js';
import { isObjectPropertyName, objectPropertyNameSentence } from '../settings/setting-keys.js';
import { formatSiteTime, parseSiteTime } from '../../lib/time-zone.js';
import { findLoneSurrogate } from '../../lib/lone-surrogates.js';
import { isSlug } from '../entries/entry-id.js';
import type { CategoryDefinition, ContentType, FieldDefinition, SiteConfig } from '../entries/types.js';
import { RuleRefusal } from './rule-refusal.js';

// The rules for front matter an assistant (or a person) writes: what may not be set, and what a value must
// look like. Rules only: they throw AppError with a sentence and change nothing. Those a person meets in the
// panel too are RuleRefusals, whose code the panel says in its own words (rule-refusal.ts).

/** Set by the service alone (the spec): ignored in content_create, refused in content_update. */
export const PROTECTED_FIELDS = ['status', 'author', 'via', 'published'] as const;
/** Managed by content_publish and the panel's approval; treated like the protected fields. */
const MANAGED_FIELDS = ['review', 'date'] as const;
const FIELD_KEY = /^[a-z][a-z0-9_]{0,39}$/;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_TEXT = 10_000;
/** A title's most characters, counted as MCP's schema counts them (UTF-16 units): what one way takes, all take. */
export const MAX_TITLE_LENGTH = 300;
/**
 * A body's most characters (UTF-16 units, as MCP's schema counts them): content_create's and content_update's
 * `body`, and the panel's edit form, so what an assistant may write a person may save, and no more.
 */
export const MAX_BODY_LENGTH = 1_000_000;
/** What starts a new line: a title is shown in one line (a heading, a <title>, a list row). */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;

function invalid(message: string): AppError {
  return new AppError('invalid_params', message);
}

export function isProtectedField(key: string): boolean {
  return (PROTECTED_FIELDS as readonly string[]).includes(key) || (MANAGED_FIELDS as readonly string[]).includes(key);
}

/** Refuses protected fields in an update with one sentence naming them. */
export function refuseProtectedFields(fields: Record<string, unknown>): void {
  const found = Object.keys(fields).filter(isProtectedField);
  if (found.length === 0) return;
  throw invalid(`The field${found.length > 1 ? 's' : ''} ${found.join(', ')} cannot be changed here: status, author, via, published, review and date are set by the service. Use content_publish or content_unpublish to change the status, and leave the others out.`);
}

/**
 * Refuses text that would not survive being saved: a lone surrogate has no UTF-8 form and would be written as
 * U+FFFD. `texts` are what is about to be written (title, body, css, fields), by the name of their argument.
 */
export function refuseLoneSurrogates(texts: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(texts)) {
    const where = findLoneSurrogate(value, name);
    if (where !== null) throw invalid(`The text in ${where} holds a lone surrogate (half of a UTF-16 pair), which cannot be saved as UTF-8; send it as well-formed Unicode.`);
  }
}

/**
 * A title is one line of at most MAX_TITLE_LENGTH characters, whichever way it comes (MCP, the panel, a
 * restored version). Emptiness is the caller's sentence: create and update say it differently.
 */
export function refuseBadTitle(title: string): void {
  if (title.length > MAX_TITLE_LENGTH) {
    throw new RuleRefusal('invalid_params', `The title is ${title.length} characters long; a title has at most ${MAX_TITLE_LENGTH}.`, 'title_too_long', { length: title.length, max: MAX_TITLE_LENGTH });
  }
  if (LINE_BREAK.test(title)) throw new RuleRefusal('invalid_params', 'The title must be one line: take out its line breaks.', 'title_not_one_line');
}

/** Drops protected fields (content_create ignores them, as the spec says) and returns the rest. */
export function withoutProtectedFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !isProtectedField(key)));
}

/**
 * `YYYY-MM-DD HH:MM` naming a real moment in the site time zone, or an AppError naming the argument. `field`:
 * the category field's key when the time is one (the panel names it so; else it is the time to publish at).
 */
export function parseTimeValue(name: string, value: unknown, site: SiteConfig, field?: string): number {
  const which: Record<string, string> = field === undefined ? {} : { field };
  if (typeof value !== 'string' || !TIME.test(value)) {
    throw new RuleRefusal('invalid_params', `${name} must be a time written YYYY-MM-DD HH:MM in the site time zone (${site.timezone}), like 2026-05-01 19:30.`, 'time_unreadable', { zone: site.timezone, ...which });
  }
  const ms = parseSiteTime(value, site.timezone);
  if (ms === null) throw new RuleRefusal('invalid_params', `${name} "${value}" is not a real date and time; use YYYY-MM-DD HH:MM, like 2026-05-01 19:30.`, 'time_unreal', { value, ...which });
  // A wall time skipped when the clocks jump forward does not exist there: say so rather than move it.
  const example = formatSiteTime(ms, site.timezone);
  if (example !== value) {
    throw new RuleRefusal('invalid_params', `${name} "${value}" does not exist in ${site.timezone}: the clocks jump forward over it. Choose another time, like ${example}.`, 'time_skipped', { value, zone: site.timezone, example, ...which });
  }
  return ms;
}

function checkValue(key: string, definition: FieldDefinition, value: unknown, site: SiteConfig): void {
  const label = `The field ${key}`;
  switch (definition.type) {
    case 'time':
      parseTimeValue(label, value, site, key);
      return;
    case 'date':
      if (typeof value !== 'string' || !DATE.test(value) || parseSiteTime(value, site.timezone) === null) throw invalid(`${label} must be a date written YYYY-MM-DD, like 2026-05-01.`);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`${label} must be a number.`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(`${label} must be true or false.`);
      return;
    case 'select':
      if (typeof value !== 'string' || !(definition.options ?? []).includes(value)) throw invalid(`${label} must be one of: ${(definition.options ?? []).map((option) => (option.includes(',') ? JSON.stringify(option) : option)).join(', ')}.`);
      return;
    case 'url':
      if (typeof value !== 'string' || !(value.startsWith('https://') || value.startsWith('http://'))) throw invalid(`${label} must be an address starting with https://.`);
      return;
    case 'image':
      if (!isMediaReference(value)) throw invalid(`${label} must be a media reference like media/posts/hello/photo.jpg from media_upload.`);
      return;
    default:
      if (typeof value !== 'string' || value.length > MAX_TEXT) throw invalid(`${label} must be text of at most ${MAX_TEXT} characters.`);
  }
}

/** `media/<entry id>/<file>` as /media serves it (media-folder.ts). */
const isMediaReference = (value: unknown): boolean => mediaReferenceParts(value) !== null;

/**
 * The general shape of any field: a key of lowercase letters, and a value YAML can hold plainly. A category's
 * own field is named as site.yaml names it (a `-` too, as in end-time), so every field it offers can be set.
 */
function checkGeneralField(site: SiteConfig, key: string, value: unknown): void {
  if (isObjectPropertyName(key)) throw invalid(objectPropertyNameSentence(key, 'a field'));
  // The cover is drawn as a picture on pages and lists: an address elsewhere (https:, javascript:, ../) is none.
  if (key === 'cover' && !isMediaReference(value)) throw invalid('cover must be a media reference like media/posts/hello/photo.jpg from media_upload.');
  if (!FIELD_KEY.test(key) && !Object.values(site.categories).some((category) => Object.hasOwn(category.fields, key))) throw invalid(`"${key.slice(0, 40)}" is not a field name; field names are lowercase letters, digits and _, starting with a letter.`);
  const plain = (v: unknown) => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
  if (plain(value)) {
    if (typeof value === 'string' && value.length > MAX_TEXT) throw invalid(`The field ${key} is longer than ${MAX_TEXT} characters.`);
    return;
  }
  if (Array.isArray(value) && value.length <= 100 && value.every((item) => plain(item) && String(item).length <= 200)) return;
  throw invalid(`The field ${key} must be text, a number, true/false or a list of short texts.`);
}

/**
 * Checks changed fields against the type and the category definitions, then the merged result for the
 * category's required fields. `changes` holds only keys being set (not removed); `isNew` for a new file.
 */
export function checkFields(site: SiteConfig, type: ContentType, changes: Record<string, unknown>, merged: Record<string, unknown>, isNew = false, removedKeys: readonly string[] = []): void {
  for (const [key, value] of Object.entries(changes)) checkGeneralField(site, key, value);
  if ('tags' in changes) {
    const tags = changes.tags;
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string' && isSlug(tag))) {
      throw invalid('tags must be a list of tag slugs (lowercase letters, digits and dashes), like ["news", "travel"].');
    }
  }
  if ('excerpt' in changes && typeof changes.excerpt !== 'string') throw invalid('excerpt must be text.');
  if ('slug' in changes && (typeof changes.slug !== 'string' || !isSlug(changes.slug))) {
    throw invalid('slug must be lowercase letters, digits and dashes, like my-first-post.');
  }
  const categoryKey = merged.category;
  let category: CategoryDefinition | undefined;
  if (categoryKey !== undefined) {
    if (type.key !== 'post') throw invalid(`Only posts have a category; a ${type.key} cannot.`);
    category = typeof categoryKey === 'string' && Object.hasOwn(site.categories, categoryKey) ? site.categories[categoryKey] : undefined;
    if (!category) {
      const [asked, known] = [String(categoryKey).slice(0, 40), Object.keys(site.categories).join(', ') || 'none'];
      throw new RuleRefusal('not_found', `The site has no category "${asked}". Call site_info to see its categories (${known}).`, 'unknown_category', { category: asked, categories: known });
    }
  }
  for (const [key, value] of Object.entries(changes)) {
    const definition = category && Object.hasOwn(category.fields, key) ? category.fields[key] : undefined;
    if (definition) {
      checkValue(key, definition, value, site);
      continue;
    }
    const owner = Object.values(site.categories).find((other) => Object.hasOwn(other.fields, key));
    if (owner) throw new RuleRefusal('invalid_params', `The field ${key} belongs to the category ${owner.key}; set category to ${owner.key} as well (see site_info).`, 'field_of_other_category', { field: key, category: owner.key });
  }
  // A category changed or removed takes its fields along: left behind, they would be fields of no category,
  // which every later change refuses (and svc check reports). Named, for the caller to remove too.
  if ('category' in changes || removedKeys.includes('category')) {
    const stranded = Object.keys(merged).filter((key) => merged[key] !== undefined && merged[key] !== null && !(category && Object.hasOwn(category.fields, key)) && Object.values(site.categories).some((other) => Object.hasOwn(other.fields, key)));
    if (stranded.length > 0) {
      const owners = [...new Set(stranded.map((key) => Object.values(site.categories).find((other) => Object.hasOwn(other.fields, key))!.key))].join(', ');
      const many = stranded.length > 1;
      throw new RuleRefusal('invalid_params', `The field${many ? 's' : ''} ${stranded.join(', ')} belong${many ? '' : 's'} to the category ${owners}, ${category ? `not ${category.key}` : 'which is removed'}; remove ${many ? 'them' : 'it'} as well (null).`, 'fields_of_old_category', { fields: stranded.join(', '), count: stranded.length });
    }
  }
  // Required fields are enforced when the category or its fields change, so an older entry that lacks one
  // can still get a new body or title.
  const touchesCategory = category !== undefined && [...Object.keys(changes), ...removedKeys].some((key) => key === 'category' || Object.hasOwn(category!.fields, key));
  if (category && (touchesCategory || isNew)) {
    const missing = Object.entries(category.fields).filter(([key, field]) => field.required && (merged[key] === undefined || merged[key] === null || merged[key] === '')).map(([key]) => key);
    if (missing.length > 0) {
      throw new RuleRefusal('invalid_params', `The category ${category.key} needs the field${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (see site_info for their format).`, 'category_needs_fields', { category: category.key, fields: missing.join(', '), count: missing.length });
    }
  }
}

/** Keys of the category's fields that are the same in every language. */
export function sharedFieldKeys(site: SiteConfig, fields: Record<string, unknown>): string[] {
  const category = typeof fields.category === 'string' ? site.categories[fields.category] : undefined;
  if (!category) return [];
  return ['category', ...Object.entries(category.fields).filter(([, field]) => field.same_in_all_languages).map(([key]) => key)];
}

/** The category and all its fields: copied into a new translation so it starts as the same event. */
export function categoryFieldKeys(site: SiteConfig, fields: Record<string, unknown>): string[] {
  const category = typeof fields.category === 'string' ? site.categories[fields.category] : undefined;
  return category ? ['category', ...Object.keys(category.fields)] : [];
}
