import { readdirSync } from 'node:fs';
import { readRegularFile } from '../lib/regular-file.js';
import { join } from 'node:path';
import { parse } from 'yaml';
import { findCards } from './entries/card-syntax.js';
import type { ContentStore } from './store.js';
import { cardSchema, pick, type CardDefinition } from './entries/card-definition.js';
import { CORE_CARDS } from './entries/core-cards.js';

export interface Card {
  name: string;
  title: string;
  description: string;
  hint: string;
  source: string;
  value: { label: string; required: boolean } | null;
  content: boolean;
  fields: { key: string; type: string; label: string; required: boolean; default: string | number | boolean | null; options: string[] | null }[];
  example: string;
}

export const CARD_SYNTAX = [
  'Cards are blocks in the Markdown body:',
  '',
  '::: <name> [value] key="value" key2="value"',
  'Inner Markdown (only for cards whose content is true).',
  ':::',
  '',
  'The value comes first when the card has one; then the fields as key="value". Close every card with ::: on its own line.',
].join('\n');

export const IMAGE_FIELD_NOTE =
  'Image fields (type image or images) take references of files in the entry\'s media folder, shaped media/<entry id>/<file name>, as media_upload returns them; several images are separated by commas.';

/**
 * All card definitions: core, then running plugins, then the theme. Unreadable plugin files and cards that
 * do not fit the card format are skipped, each logged and told to `problem` (file, sentence) when given.
 */
export function loadCardDefinitions(root: string, log: (line: string) => void = () => {}, problem?: (file: string, sentence: string) => void): CardDefinition[] {
  const cards: CardDefinition[] = CORE_CARDS.map((card) => ({ ...cardSchema.parse(card), source: 'svc' }));
  const skip = (file: string, sentence: string, logged?: string) => {
    if (logged !== undefined) log(`svc: skipping ${logged}`);
    problem?.(file, sentence);
  };
  const add = (list: unknown, source: string, file: string) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) return skip(file, 'Its cards are not a list; none of them is offered.');
    list.forEach((raw, index) => {
      const parsed = cardSchema.safeParse(raw);
      const name = (raw as { name?: unknown } | null)?.name;
      const label = `Card ${index + 1}${typeof name === 'string' ? ` (${name.slice(0, 40)})` : ''}`;
      if (!parsed.success) {
        return skip(file, `${label} is not offered: ${issueSentence(parsed.error.issues[0])}.`, `a card in ${file}: ${parsed.error.issues[0]?.message}`);
      }
      const first = cards.find((card) => card.name === parsed.data.name);
      if (first) return skip(file, `${label} is not offered: the card of this name from ${first.source} comes first.`);
      cards.push({ ...parsed.data, source });
    });
  };
  let plugins: string[] = [];
  try { plugins = readdirSync(join(root, 'plugins'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort(); } catch { /* no plugins */ }
  for (const folder of plugins) {
    const file = join(root, 'plugins', folder, 'plugin.yaml');
    const data = readYaml(file, skip);
    if (!data) continue;
    const enabled = switchValue(data.enabled);
    if (enabled === null) skip(file, `enabled must be true or false (it is ${JSON.stringify(data.enabled).slice(0, 40)}); the plugin is left off until it is.`, `plugins/${folder}: its enabled is neither true nor false`);
    else if (enabled) add(data.cards, `plugin:${folder}`, file);
  }
  const themeFile = join(root, 'theme', 'theme.yaml');
  const theme = readYaml(themeFile, skip);
  if (theme) add(theme.cards, 'theme', themeFile);
  return cards;
}

/**
 * A plugin's `enabled`: absent is on; true/false, and the words YAML 1.1 read as them (no, off, "false"),
 * since YAML 1.2 reads those as text, and `enabled: no` left a plugin on without a word. Anything else: null.
 */
function switchValue(value: unknown): boolean | null {
  if (value === undefined || value === true) return true;
  if (value === false) return false;
  const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (['yes', 'on', 'true'].includes(word)) return true;
  if (['no', 'off', 'false'].includes(word)) return false;
  return null;
}

function issueSentence(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'it does not fit the card format';
  const where = issue.path.map(String).join('.');
  return `${where ? `${where}: ` : ''}${issue.message}`;
}

function readYaml(file: string, skip: (file: string, sentence: string, logged?: string) => void): Record<string, unknown> | null {
  let bytes: Buffer;
  // A FIFO, socket or device (a link to /dev/zero) is refused without blocking, as a missing file.
  try { bytes = readRegularFile(file); } catch { return null; }
  try {
    const data = parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (data === null || data === undefined) return null;
    if (typeof data !== 'object' || Array.isArray(data)) {
      skip(file, 'It is not a mapping of settings; nothing in it is used.');
      return null;
    }
    return data as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof TypeError ? 'it is not valid UTF-8' : (error as Error).message.split('\n')[0]!;
    skip(file, error instanceof TypeError ? 'It is not valid UTF-8; nothing in it is used.' : `It is not valid YAML (${reason}); nothing in it is used.`, `${file}: ${reason}`);
    return null;
  }
}

/** What the examples put in image fields: sample references, or an entry's own images (the panel). */
export interface ExampleImages {
  image: string;
  /** Several references separated by commas. */
  images: string;
}

const SAMPLE_IMAGES: ExampleImages = { image: 'media/posts/my-post/photo.jpg', images: 'media/posts/my-post/one.jpg,media/posts/my-post/two.jpg' };

/** The cards the site offers, titles and labels in `language`, each with a written-out example. */
export function listCards(store: Pick<ContentStore, 'root' | 'site'>, language: string, images: ExampleImages = SAMPLE_IMAGES): { cards: Card[]; syntax: string; image_note: string } {
  const fallback = store.site().defaultLanguage;
  const cards = loadCardDefinitions(store.root).map((card): Card => {
    const fields = card.fields.map((field) => ({
      key: field.key, type: field.type, label: pick(field.label, language, fallback), required: field.required, default: field.default, options: field.options,
    }));
    return {
      name: card.name,
      title: pick(card.title, language, fallback),
      description: pick(card.description, language, fallback),
      hint: pick(card.hint, language, fallback),
      source: card.source,
      value: card.value ? { label: pick(card.value.label, language, fallback), required: card.value.required } : null,
      content: card.content,
      fields,
      example: card.example ?? exampleOf(card.name, card.value !== null, card.content, fields, images),
    };
  });
  return { cards, syntax: CARD_SYNTAX, image_note: IMAGE_FIELD_NOTE };
}

function exampleOf(name: string, hasValue: boolean, content: boolean, fields: Card['fields'], images: ExampleImages): string {
  const sample = (field: Card['fields'][number]) =>
    field.type === 'image' ? images.image
      : field.type === 'images' ? images.images
      : field.type === 'url' ? 'https://example.org/'
      : field.options?.[0] ?? String(field.default ?? field.label);
  const attributes = fields.filter((field) => field.required || field.options === null).map((field) => `${field.key}="${sample(field)}"`);
  const sampleValue = name === 'video' ? 'https://www.youtube.com/watch?v=VIDEO_ID' : name === 'callout' ? 'tip' : name === 'button' ? '"Read more"' : 'value';
  const opener = [':::', name, ...(hasValue ? [sampleValue] : []), ...attributes].join(' ');
  return content ? `${opener}\nText in **Markdown**.\n:::` : `${opener}\n:::`;
}

export interface CardWarning {
  card: string;
  missing: string[];
}

/** Cards in a body that leave required settings empty (publishing still happens; the assistant is told). */
export function findCardWarnings(store: Pick<ContentStore, 'root' | 'site'>, markdown: string, _language?: string): CardWarning[] {
  return cardWarnings(loadCardDefinitions(store.root), markdown).warnings;
}

/**
 * The cards of a body that leave required settings empty, and the names of cards the site does not offer
 * (shown as text). Needs no language: the settings are named the way they are written.
 */
export function cardWarnings(definitions: readonly CardDefinition[], markdown: string): { warnings: CardWarning[]; unknown: string[] } {
  const byName = new Map(definitions.map((card) => [card.name, card]));
  const warnings: CardWarning[] = [];
  const unknown: string[] = [];
  for (const block of findCards(markdown)) {
    const card = byName.get(block.name);
    if (!card) {
      unknown.push(block.name);
      continue;
    }
    const missing: string[] = [];
    // Named the way they are written: `value` for the value after the card name, else the field's key.
    if (card.value?.required && !block.value?.trim()) missing.push('value');
    for (const field of card.fields) {
      if (field.required && !(block.attributes[field.key] ?? '').trim()) missing.push(field.key);
    }
    if (card.content && block.inner.trim() === '' && card.name !== 'callout') missing.push('content');
    if (missing.length > 0) warnings.push({ card: block.name, missing });
  }
  return { warnings, unknown };
}
