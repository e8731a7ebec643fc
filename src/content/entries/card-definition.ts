// What a card definition is: the schema every card (core, plugin or theme) is read with, and its text
// given once or per language. Shared by the core cards and the loader of plugin and theme cards.
import { z } from 'zod';

/** Text given either once or per language (`{en: ..., de: ...}`). */
const localized = z.union([z.string(), z.record(z.string(), z.string())]);
export type Localized = z.infer<typeof localized>;

const fieldSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_-]*$/),
  type: z.enum(['text', 'textarea', 'select', 'image', 'images', 'url', 'number', 'boolean']).default('text'),
  label: localized,
  required: z.boolean().default(false),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]).default(null),
  options: z.array(z.string()).nullable().default(null),
});

export const cardSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9-]*$/),
  title: localized,
  description: localized.default(''),
  hint: localized.default(''),
  value: z.object({ label: localized, required: z.boolean().default(false) }).nullable().default(null),
  content: z.boolean().default(false),
  fields: z.array(fieldSchema).default([]),
  example: z.string().optional(),
});

export type CardDefinition = z.infer<typeof cardSchema> & { source: string };

/** The text for `language`, else the site's default language's, else any. */
export function pick(text: Localized, language: string, fallback: string): string {
  if (typeof text === 'string') return text;
  return text[language] ?? text[fallback] ?? Object.values(text)[0] ?? '';
}
