// Categories of posts from the panel (settings.manage): add one, change its label, kind and fields, remove one
// no entry uses. Written through site-yaml-edit.ts (comments and order kept, checked, atomic, versioned).
// A category in use is not removed: its posts would point at a category the site no longer has, which the
// content tools refuse on their next save and `svc check` reports; the refusal names them instead.
// A field removed from a category leaves the values in the entries' files (front matter is never rewritten
// behind a person's back); they are no longer shown, asked for or checked.
import { isObjectPropertyName, objectPropertyNameSentence } from '../settings/setting-keys.js';
import { AppError } from '../../errors.js';
import type { SiteConfig } from '../entries/types.js';
import { entriesPhrase } from './save-content-types.js';
import { checkLabel, editSiteYaml, invalidSetting, requireSettingsRight, type SiteYamlDraft } from './site-yaml-edit.js';
import type { Actor, WriteContext } from './write-context.js';

export const FIELD_TYPES = ['text', 'textarea', 'time', 'date', 'number', 'select', 'boolean', 'image', 'url'] as const;
export const MAX_FIELDS = 30;
const CATEGORY_KEY = /^[a-z][a-z0-9_-]{0,39}$/;
/** As site.yaml names a field (settings/site-config.ts), so what the file may hold the panel may make too. */
const FIELD_KEY = /^[a-z][a-z0-9_-]{0,39}$/;
/** Front matter every entry may have already: a category field of that name would clash with it. */
const ENTRY_FIELDS = new Set(['title', 'tags', 'excerpt', 'slug', 'category', 'status', 'author', 'via', 'published', 'review', 'date', 'cover']);

export interface FieldInput {
  key: string;
  type: string;
  label: string;
  required: boolean;
  sameInAllLanguages: boolean;
  /** For select fields: the choices. */
  options: string[];
}

export interface CategoryInput {
  label: string;
  kind: 'plain' | 'date';
  /** Every field the category keeps, in order (a field left out is removed). */
  fields: FieldInput[];
}

function categoryOf(site: SiteConfig, key: string) {
  if (!Object.hasOwn(site.categories, key)) throw new AppError('not_found', `The site has no category "${key.slice(0, 40)}" (its categories are ${Object.keys(site.categories).join(', ') || 'none'}); reload the page. Nothing was saved.`);
  return site.categories[key]!;
}

function checkKind(kind: string): asserts kind is 'plain' | 'date' {
  if (kind !== 'plain' && kind !== 'date') throw invalidSetting(`The kind must be plain or date, not "${kind.slice(0, 20)}". Nothing was saved.`);
}

function checkFields(category: string, fields: readonly FieldInput[]): void {
  if (fields.length > MAX_FIELDS) throw invalidSetting(`A category has at most ${MAX_FIELDS} fields. Nothing was saved.`);
  const seen = new Set<string>();
  for (const field of fields) {
    const name = `the field ${field.key.slice(0, 40)} of ${category}`;
    if (isObjectPropertyName(field.key)) throw invalidSetting(`${objectPropertyNameSentence(field.key, 'a field')} Nothing was saved.`);
    if (!FIELD_KEY.test(field.key)) throw invalidSetting(`"${field.key.slice(0, 40)}" cannot name a field: use 1 to 40 lowercase letters, digits, - or _, starting with a letter, such as location. Nothing was saved.`);
    if (ENTRY_FIELDS.has(field.key)) throw invalidSetting(`${field.key} is a field every entry has already; choose another name. Nothing was saved.`);
    if (seen.has(field.key)) throw invalidSetting(`The field ${field.key} is named twice in ${category}. Nothing was saved.`);
    seen.add(field.key);
    if (!(FIELD_TYPES as readonly string[]).includes(field.type)) throw invalidSetting(`The type of ${name} must be one of ${FIELD_TYPES.join(', ')}. Nothing was saved.`);
    checkLabel(name, field.label);
    if (field.type !== 'select') continue;
    if (field.options.length === 0 || field.options.length > 50) throw invalidSetting(`A choice field (${name}) needs 1 to 50 choices. Nothing was saved.`);
    if (new Set(field.options).size !== field.options.length) throw invalidSetting(`A choice of ${name} is named twice. Nothing was saved.`);
    for (const option of field.options) checkLabel(`a choice of ${name}`, option);
  }
}

/** The field as site.yaml writes it: defaults left out, so a hand-written file stays as short as it was. */
function fieldYaml(field: FieldInput): Record<string, unknown> {
  return {
    type: field.type, label: field.label.trim(),
    ...(field.required ? { required: true } : {}),
    ...(field.type === 'select' ? { options: field.options.map((option) => option.trim()) } : {}),
    ...(field.sameInAllLanguages ? { same_in_all_languages: true } : {}),
  };
}

function entriesUsing(context: WriteContext, key: string) {
  return context.store.entries().filter((entry) => [...entry.translations.values()].some((translation) => translation.category === key));
}

/** Adds a category; `expectedVersion` is the version of site.yaml the form was filled from. */
export function addCategory(context: WriteContext, actor: Actor, input: { key: string; label: string; kind: string }, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  const key = input.key.trim();
  if (isObjectPropertyName(key)) throw invalidSetting(`${objectPropertyNameSentence(key, 'a category')} Nothing was saved.`);
  if (!CATEGORY_KEY.test(key)) throw invalidSetting(`"${key.slice(0, 40)}" cannot name a category: use 1 to 40 lowercase letters, digits, - or _, starting with a letter, such as events. Nothing was saved.`);
  checkKind(input.kind);
  const label = checkLabel(`the category ${key}`, input.label);
  return editSiteYaml(context, actor, expectedVersion, ({ document, site }) => {
    if (Object.hasOwn(site.categories, key)) throw invalidSetting(`The site has a category ${key} already. Nothing was saved.`);
    document.setIn(['categories', key], { label, ...(input.kind === 'date' ? { kind: 'date' } : {}) });
    return [`added the category ${key}`];
  });
}

function applyFields(draft: SiteYamlDraft, key: string, fields: readonly FieldInput[], changed: string[]): void {
  const path = ['categories', key, 'fields'];
  let before = ((draft.before.categories as Record<string, { fields?: Record<string, unknown> } | undefined> | undefined)?.[key]?.fields ?? {}) as Record<string, Record<string, unknown>>;
  // A date category's start the file leaves out is the one the site adds: the form showing it changes nothing.
  const implied = draft.site.categories[key]?.kind === 'date' && !Object.hasOwn(before, 'start');
  if (implied) before = { ...before, start: { type: 'time', label: 'Start', required: true } };
  const wanted = new Map(fields.map((field) => [field.key, fieldYaml(field)]));
  for (const old of Object.keys(before)) {
    if (!wanted.has(old) && !(implied && old === 'start')) { draft.document.deleteIn([...path, old]); changed.push(`removed the field ${old} of ${key}`); }
  }
  for (const [fieldKey, value] of wanted) {
    const old = before[fieldKey];
    // The file's own spelling of the defaults (type text, required false) counts as the same field.
    const normal = old === undefined ? undefined : JSON.stringify(fieldYaml({ key: fieldKey, type: String(old.type ?? 'text'), label: String(old.label ?? fieldKey), required: old.required === true, sameInAllLanguages: old.same_in_all_languages === true, options: Array.isArray(old.options) ? old.options.map(String) : [] }));
    if (normal === JSON.stringify(value)) continue;
    draft.document.setIn([...path, fieldKey], value);
    changed.push(`${old === undefined ? 'added' : 'changed'} the field ${fieldKey} of ${key}`);
  }
  // Fields are asked for in the order they are listed: a new order is written as a whole.
  const order = Object.keys(before).filter((name) => wanted.has(name));
  const kept = fields.map((field) => field.key).filter((name) => Object.hasOwn(before, name));
  if (JSON.stringify(order) !== JSON.stringify(kept)) {
    draft.document.setIn(path, Object.fromEntries(wanted));
    changed.push(`the order of the fields of ${key}`);
  }
}

/** Saves a category's label, kind and fields. */
export function saveCategory(context: WriteContext, actor: Actor, key: string, input: CategoryInput, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  checkKind(input.kind);
  const label = checkLabel(`the category ${key.slice(0, 40)}`, input.label);
  checkFields(key.slice(0, 40), input.fields);
  return editSiteYaml(context, actor, expectedVersion, (draft) => {
    const category = categoryOf(draft.site, key);
    const changed: string[] = [];
    if (label !== category.label) { draft.document.setIn(['categories', key, 'label'], label); changed.push(`the label of ${key}`); }
    if (input.kind !== category.kind) {
      if (input.kind === 'date') draft.document.setIn(['categories', key, 'kind'], 'date');
      else draft.document.deleteIn(['categories', key, 'kind']);
      changed.push(`the kind of ${key}`);
    }
    applyFields(draft, key, input.fields, changed);
    // A date category always has its start time: the site adds it when the file leaves it out.
    if (input.kind === 'date' && !input.fields.some((field) => field.key === 'start')) throw invalidSetting(`A date category needs its start field (a time); keep it. Nothing was saved.`);
    return changed;
  });
}

/** Removes a category no entry uses. */
export function removeCategory(context: WriteContext, actor: Actor, key: string, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  return editSiteYaml(context, actor, expectedVersion, ({ document, site }) => {
    categoryOf(site, key);
    const using = entriesUsing(context, key);
    if (using.length > 0) throw new AppError('conflict', `The category ${key} is used by ${entriesPhrase(using)}; give them another category or none first, or they would point at a category the site no longer has (the content tools refuse to save them, and svc check reports them). Nothing was saved.`);
    document.deleteIn(['categories', key]);
    return [`removed the category ${key}`];
  });
}
