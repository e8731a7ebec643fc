// A post's category and the category's own fields (site.yaml `categories`), between front matter and the
// form: what each input shows, and what a sent input means. The values are judged afterwards by the same
// rules as content_create/content_update (content/write/field-rules.ts); here they are only read.
import type { CategoryDefinition, FieldDefinition, SiteConfig } from '../../content/entries/types.js';

/** The site's category of that key; undefined for none, an unknown key, or a name like `constructor`. */
export function categoryOf(site: SiteConfig, key: string): CategoryDefinition | undefined {
  return Object.hasOwn(site.categories, key) ? site.categories[key] : undefined;
}

/** The name of a category field's input; every category's fields are in the form, so the key is qualified. */
export function fieldInputName(category: string, key: string): string {
  return `field:${category}:${key}`;
}

/** Category field inputs as shown: `<category>:<key>` -> text. */
export type FieldTexts = Record<string, string>;

const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::00(?:\.0+)?)?$/;

/** What an input shows for a front matter value: a time as the `datetime-local` control wants it. */
export function textOfField(definition: FieldDefinition, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (definition.type === 'time' && typeof value === 'string') return value.replace(' ', 'T');
  return String(value);
}

/** The texts of the chosen category's fields as the file has them. */
export function fieldTextsOf(site: SiteConfig, fields: Record<string, unknown>): FieldTexts {
  const category = typeof fields.category === 'string' ? categoryOf(site, fields.category) : undefined;
  const texts: FieldTexts = {};
  if (!category) return texts;
  for (const [key, definition] of Object.entries(category.fields)) texts[`${category.key}:${key}`] = textOfField(definition, fields[key]);
  return texts;
}

/**
 * The value a sent input stands for, or null to remove the field. A browser's `YYYY-MM-DDTHH:MM` becomes
 * the site's `YYYY-MM-DD HH:MM`; a number that does not read as one stays text, so the rules name it.
 */
export function valueOfFieldText(definition: FieldDefinition, text: string): unknown {
  const trimmed = text.trim();
  if (definition.type === 'boolean') return trimmed === 'true';
  if (trimmed === '') return null;
  if (definition.type === 'time') {
    const local = LOCAL_TIME.exec(trimmed);
    return local ? `${local[1]} ${local[2]}` : trimmed;
  }
  if (definition.type === 'number') {
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : trimmed;
  }
  return trimmed;
}

/** The sent texts of every category's fields (a boolean's hidden `false` and checkbox `true`: the last counts). */
export function fieldTextsFrom(site: SiteConfig, form: URLSearchParams): FieldTexts {
  const texts: FieldTexts = {};
  for (const category of Object.values(site.categories)) {
    for (const key of Object.keys(category.fields)) {
      const sent = form.getAll(fieldInputName(category.key, key));
      if (sent.length > 0) texts[`${category.key}:${key}`] = sent[sent.length - 1]!;
    }
  }
  return texts;
}

/**
 * Front matter changes for the chosen category (null removes): its fields as sent, and the fields of the
 * category it replaces that the new one does not have (the form shows only the chosen category's).
 */
export function categoryChanges(site: SiteConfig, current: Record<string, unknown>, chosen: string, texts: FieldTexts, form: URLSearchParams): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const before = typeof current.category === 'string' ? categoryOf(site, current.category) : undefined;
  const after = categoryOf(site, chosen);
  if ((current.category ?? '') !== chosen) changes.category = chosen === '' ? null : chosen;
  if (before && before.key !== after?.key) {
    for (const key of Object.keys(before.fields)) if (!after || !Object.hasOwn(after.fields, key)) if (current[key] !== undefined) changes[key] = null;
  }
  if (!after) return changes;
  for (const [key, definition] of Object.entries(after.fields)) {
    if (!form.has(fieldInputName(after.key, key))) continue;
    const value = valueOfFieldText(definition, texts[`${after.key}:${key}`] ?? '');
    const old = current[key];
    if (value === null ? old === undefined : JSON.stringify(value) === JSON.stringify(old)) continue;
    if (value === false && old === undefined) continue;
    changes[key] = value;
  }
  return changes;
}
