// The edit form of one translation as data: what it shows (from the file, or as sent after a refusal), and
// the changes a sent form asks for. Only inputs the form really sent count, so a form that carries part of
// the fields (or an older page) never empties the others; and only what differs from the file is changed,
// so a save without changes writes no revision.
import { AppError } from '../../errors.js';
import type { SiteConfig } from '../../content/entries/types.js';
import { categoryChanges, fieldTextsFrom, fieldTextsOf, type FieldTexts } from './category-fields.js';
import { words } from '../words/panel-words.js';

export interface EditValues {
  title: string;
  body: string;
  excerpt: string;
  slug: string;
  /** Every tag of the translation (ticked in the list of the site's tags, or typed). */
  tags: string[];
  /** The typed tags field: tags that are not among the site's tags, or what was sent. */
  tagsText: string;
  /** `media/<entry id>/<file>` or ''. */
  cover: string;
  category: string;
  fields: FieldTexts;
  /** The version stamp of the file the form was filled from (version-stamp.ts). */
  version: string;
}

/** A translation file as read (front matter and body) and its version stamp. */
export interface FileSnapshot {
  fields: Record<string, unknown>;
  body: string;
  version: string;
}

/** The inputs that make a form an edit form: a publish or unpublish that carries them saves them first. */
const EDIT_INPUTS = ['title', 'body', 'excerpt', 'slug', 'tags', 'cover', 'category'] as const;

export function hasEditInputs(form: URLSearchParams): boolean {
  return EDIT_INPUTS.some((name) => form.has(name));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form's values for a translation file; `knownTags` are offered as a list, the rest are typed. */
export function editValuesFromFile(site: SiteConfig, file: FileSnapshot, knownTags: ReadonlySet<string>): EditValues {
  const tags = Array.isArray(file.fields.tags) ? file.fields.tags.filter((tag): tag is string => typeof tag === 'string') : [];
  return {
    title: text(file.fields.title),
    body: file.body,
    excerpt: text(file.fields.excerpt),
    slug: text(file.fields.slug),
    tags,
    tagsText: tags.filter((tag) => !knownTags.has(tag)).join(', '),
    cover: text(file.fields.cover),
    category: text(file.fields.category),
    fields: fieldTextsOf(site, file.fields),
    version: file.version,
  };
}

/** An empty form (a new entry, a new translation). */
export function emptyEditValues(): EditValues {
  return { title: '', body: '', excerpt: '', slug: '', tags: [], tagsText: '', cover: '', category: '', fields: {}, version: '' };
}

/** Browsers send textarea lines ending in CR LF; files keep LF. */
function normalizeBody(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

export function parseTags(value: string): string[] {
  return value.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

/** The form's values as sent; inputs it did not send keep the file's values (`shown`). */
export function editValuesFromForm(site: SiteConfig, form: URLSearchParams, shown: EditValues): EditValues {
  const sent = (name: string, fallback: string) => (form.has(name) ? form.get(name)! : fallback);
  const tagsText = sent('tags', shown.tagsText);
  const tags = form.has('tags') ? [...new Set([...form.getAll('tag').map((tag) => tag.trim()).filter(Boolean), ...parseTags(tagsText)])] : shown.tags;
  return {
    title: sent('title', shown.title).trim(),
    body: form.has('body') ? normalizeBody(form.get('body')!) : shown.body,
    excerpt: sent('excerpt', shown.excerpt).trim(),
    slug: sent('slug', shown.slug).trim(),
    tags,
    tagsText,
    cover: sent('cover', shown.cover).trim(),
    category: sent('category', shown.category).trim(),
    fields: { ...shown.fields, ...fieldTextsFrom(site, form) },
    version: form.get('version') ?? '',
  };
}

export interface EditChanges {
  title?: string;
  body?: string;
  /** Fields to set; null removes one (update-entry's convention). */
  fields: Record<string, unknown>;
}

/**
 * What the sent form changes in the file. `covers` are the entry's images a cover may be; `isPost` says
 * whether the type has categories at all (only posts do).
 */
export function changesOf(site: SiteConfig, file: FileSnapshot, sent: EditValues, form: URLSearchParams, covers: ReadonlySet<string>, isPost: boolean): EditChanges {
  const changes: EditChanges = { fields: {} };
  const current = file.fields;
  if (form.has('title') && sent.title !== text(current.title)) changes.title = sent.title;
  // Trailing blank lines are not a change worth a revision.
  if (form.has('body') && sent.body.trimEnd() !== file.body.trimEnd()) changes.body = sent.body;
  const setText = (name: 'excerpt' | 'slug' | 'cover', value: string) => {
    if (form.has(name) && value !== text(current[name])) changes.fields[name] = value === '' ? null : value;
  };
  setText('excerpt', sent.excerpt);
  setText('slug', sent.slug);
  if (form.has('cover') && sent.cover !== '' && sent.cover !== text(current.cover) && !covers.has(sent.cover)) {
    throw new AppError('invalid_params', words().entries.done.coverNotImage);
  }
  setText('cover', sent.cover);
  if (form.has('tags')) {
    const before = Array.isArray(current.tags) ? current.tags : [];
    const same = before.length === sent.tags.length && sent.tags.every((tag) => before.includes(tag));
    if (!same) changes.fields.tags = sent.tags.length === 0 ? null : sent.tags;
  }
  if (isPost && form.has('category')) Object.assign(changes.fields, categoryChanges(site, current, sent.category, sent.fields, form));
  return changes;
}

export function isEmptyChange(changes: EditChanges): boolean {
  return changes.title === undefined && changes.body === undefined && Object.keys(changes.fields).length === 0;
}
