import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { isAppError } from '../../errors.js';
import { cardWarnings } from '../cards.js';
import type { CardDefinition } from '../entries/card-definition.js';
import { pictureProblems } from '../media-variants.js';
import { findCards } from '../entries/card-syntax.js';
import { parseFrontMatter } from '../entries/front-matter.js';
import { checkFields, isProtectedField, parseTimeValue } from '../write/field-rules.js';
import type { ContentType, SiteConfig } from '../entries/types.js';
import type { SiteProblems } from './site-problems.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

/** What every translation is checked against: the site as it is. */
export interface TranslationCheck {
  contentDir: string;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  site: SiteConfig;
  cards: readonly CardDefinition[];
  /** Slugs of the tags that exist (a folder under the tag type's folder with a translation). */
  tags: ReadonlySet<string>;
  now: number;
  problems: SiteProblems;
}

const STATUSES = ['draft', 'published', 'scheduled'];

/** One translation file as the content tools would judge it, and what it points at. */
/** Checks one translation file; its front matter's fields, or null when they cannot be read. */
export function checkTranslation(check: TranslationCheck, file: string, text: string, type: ContentType): Record<string, unknown> | null {
  const { problems, site } = check;
  let fields: Record<string, unknown>;
  let body: string;
  try {
    ({ fields, body } = parseFrontMatter(text));
  } catch (error) {
    problems.add(file, `The front matter cannot be read (${(error as Error).message.split('\n')[0]}); the entry is left out of the site.`);
    return null;
  }
  const refuse = (run: () => void) => {
    try {
      run();
    } catch (error) {
      if (!isAppError(error)) throw error;
      problems.add(file, `${error.message} The content tools refuse it.`);
    }
  };
  const status = fields.status;
  if (status !== undefined && (typeof status !== 'string' || !STATUSES.includes(status))) {
    problems.add(file, `status ${shown(status)} is not draft, published or scheduled; it reads as draft.`);
  }
  // A number or true reads as its text; a list or a mapping cannot be a title.
  if (typeof fields.title === 'object' && fields.title !== null) {
    problems.add(file, `title ${shown(fields.title)} is not text; the site shows the entry's folder name instead.`);
  }
  for (const name of ['published', 'date'] as const) {
    if (fields[name] !== undefined) refuse(() => parseTimeValue(name, fields[name], site));
  }
  if (status === 'scheduled') checkSchedule(check, file, fields.published);
  // What an assistant could write here itself: every field but the ones the service sets.
  const changes = Object.fromEntries(Object.entries(fields).filter(([key]) => !isProtectedField(key)));
  refuse(() => checkFields(site, type, changes, fields, true));
  if (type.key !== 'tag' && Array.isArray(fields.tags)) {
    const tagFolder = site.types.find((t) => t.key === 'tag')?.folder ?? 'tags';
    for (const tag of fields.tags) {
      if (typeof tag === 'string' && !check.tags.has(tag)) problems.add(file, `The tag ${tag} does not exist (there is no content/${tagFolder}/${tag}/); its link leads nowhere.`);
    }
  }
  checkMediaReferences(check, file, fields, body);
  const { warnings, unknown } = cardWarnings(check.cards, body);
  for (const warning of warnings) problems.add(file, `The card ${warning.card} leaves required settings empty: ${warning.missing.join(', ')}.`);
  for (const name of new Set(unknown)) problems.add(file, `The site offers no card named ${name} (core, plugins, theme); it shows as plain text.`);
  return fields;
}

/** A value as the file gives it, short: text in quotes, a list or mapping as JSON (`["published"]`), never as bare text. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value) ?? String(value);
  return text.length > 42 ? `${text.slice(0, 40)}…` : text;
}

function checkSchedule(check: TranslationCheck, file: string, published: unknown): void {
  if (typeof published !== 'string') {
    check.problems.add(file, 'It is scheduled without a published time, so it is never published; publish it again with a time.');
    return;
  }
  let at: number;
  try {
    at = parseTimeValue('published', published, check.site);
  } catch {
    return; // reported with the other times
  }
  if (at <= check.now) {
    check.problems.add(file, `It was scheduled for ${published}, which has passed: it is shown as published, and its file still says scheduled until svc next rewrites it.`);
  }
}

/** `media/...` references in the front matter, the cards' image fields and the body's links and images. */
function checkMediaReferences(check: TranslationCheck, file: string, fields: Record<string, unknown>, body: string): void {
  const references: string[] = [];
  if (typeof fields.cover === 'string') references.push(fields.cover);
  const category = typeof fields.category === 'string' ? check.site.categories[fields.category] : undefined;
  for (const [key, field] of Object.entries(category?.fields ?? {})) {
    if (field.type === 'image' && typeof fields[key] === 'string') references.push(fields[key] as string);
  }
  const byName = new Map(check.cards.map((card) => [card.name, card]));
  for (const block of findCards(body)) {
    for (const field of byName.get(block.name)?.fields ?? []) {
      const value = block.attributes[field.key];
      if (value && field.type === 'image') references.push(value.trim());
      if (value && field.type === 'images') references.push(...value.split(',').map((item) => item.trim()).filter(Boolean));
    }
  }
  for (const match of body.matchAll(/\]\(\s*<?(\/?media\/[^)\s>]+)/g)) references.push(match[1]!);
  for (const reference of new Set(references)) checkMediaReference(check, file, reference);
  if (typeof fields.cover === 'string') checkCoverPicture(check, file, fields.cover);
}

/** The cover is a complete picture, and its width variants (for the srcset) match it (media-variants.ts). */
function checkCoverPicture(check: Pick<TranslationCheck, 'contentDir' | 'problems' | 'trusted'>, file: string, reference: string): void {
  const parts = reference.replace(/^\//, '').split('/');
  const name = parts.pop()!;
  const folder = resolve(check.contentDir, ...parts);
  if (parts[0] !== 'media' || !folder.startsWith(join(check.contentDir, 'media') + sep) || !existsSync(join(folder, name))) return;
  for (const problem of pictureProblems(check.trusted, folder, name)) check.problems.add(file, `The cover ${reference.slice(0, 120)}: ${problem}.`);
}

/** A media reference names a file that exists inside content/media/. */
export function checkMediaReference(check: Pick<TranslationCheck, 'contentDir' | 'problems' | 'trusted'>, file: string, reference: string): void {
  const shown = reference.slice(0, 120);
  const relative = reference.replace(/^\//, '');
  if (!relative.startsWith('media/')) {
    check.problems.add(file, `${shown} is not a media reference (media/<entry id>/<file>); upload the image to the entry's media folder.`);
    return;
  }
  let decoded = relative;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    // left as written
  }
  const mediaDir = join(check.contentDir, 'media') + sep;
  const path = resolve(check.contentDir, decoded);
  if (!path.startsWith(mediaDir)) check.problems.add(file, `${shown} points outside the media folder.`);
  else if (!existsSync(path)) check.problems.add(file, `${shown} does not exist; the image or link is broken.`);
}
