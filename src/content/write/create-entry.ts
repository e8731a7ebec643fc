import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { formatSiteTime } from '../../lib/time-zone.js';
import { MAX_PAGE_DEPTH } from '../entries/entry-folders.js';
import { MAX_ENTRY_ID_LENGTH } from '../entries/entry-id.js';
import type { ContentType, Entry } from '../entries/types.js';
import { checkFields, refuseBadTitle, refuseLoneSurrogates, withoutProtectedFields } from './field-rules.js';
import { chooseFreeSlug, refuseTakenSlug, slugifyTitle } from './slug-rules.js';
import { writeTranslationFile } from './translation-file.js';
import { recordChange, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export interface CreateEntryInput {
  title: string;
  type: ContentType;
  language: string;
  body: string;
  /** Extra front matter; status, author, via, published (and review, date) are ignored. */
  fields: Record<string, unknown>;
  /** Pages only: the parent page. */
  parent: Entry | null;
  /** Refuse a taken `fields.slug` instead of choosing a free one (the panel, where a person typed it). */
  exactSlug?: boolean;
}

export interface CreateEntryResult {
  id: string;
  status: 'draft';
  language: string;
}

/** Creates a draft: author = the actor, `via: mcp` through an assistant, a free slug. */
export function createEntry(context: WriteContext, actor: Actor, input: CreateEntryInput): CreateEntryResult {
  const { principal } = actor;
  if (!principal.capabilities.has('content.write')) throw new AppError('forbidden', `Your role (${principal.role}) may not create content.`);
  if (input.title.trim() === '') throw new AppError('invalid_params', 'The title cannot be empty.');
  refuseBadTitle(input.title);
  refuseLoneSurrogates({ title: input.title, body: input.body, fields: input.fields });
  // A tag's page (its title and text) is written by a person in the panel; assistants give posts tags.
  if (input.type.key === 'tag' && actor.via === 'mcp') throw new AppError('invalid_params', 'Tags are not created with content_create; give posts a tags field instead, and the tag pages follow in the panel.');
  const site = context.store.site();
  let parentSegments: string[] | null = null;
  if (input.parent) {
    if (input.type.key !== 'page' || input.parent.type.key !== 'page') throw new AppError('invalid_params', 'parent is for pages only: give type "page" and the id of a page.');
    parentSegments = input.parent.id.split('/');
    if (parentSegments.length > MAX_PAGE_DEPTH) throw new AppError('invalid_params', `Pages nest at most ${MAX_PAGE_DEPTH - 1} levels deep; choose a parent higher up.`);
  }
  const extra = withoutProtectedFields(input.fields);
  const wantedSlug = typeof extra.slug === 'string' ? extra.slug : slugifyTitle(input.title);
  delete extra.slug;
  delete extra.title;
  const now = context.clock();
  const fields: Record<string, unknown> = {
    title: input.title,
    status: 'draft',
    date: formatSiteTime(now, site.timezone),
    author: principal.accountId,
    ...(actor.via === 'mcp' ? { via: 'mcp' } : {}),
    ...extra,
  };
  checkFields(site, input.type, { ...extra, ...(typeof input.fields.slug === 'string' ? { slug: input.fields.slug } : {}) }, fields, true);
  return withEntryLock(context, 'create', () => {
    // A typed slug that is taken is refused with why; otherwise the first free one, its address included.
    if (input.exactSlug && typeof input.fields.slug === 'string') refuseTakenSlug(context, input.type, parentSegments, input.language, wantedSlug);
    const slug = chooseFreeSlug(context, input.type, parentSegments, input.language, wantedSlug);
    const segments = parentSegments ? [...parentSegments, slug] : [input.type.folder, slug];
    const id = segments.join('/');
    // Before anything is written: a page deep under long slugs could make an id no tool takes.
    if (id.length > MAX_ENTRY_ID_LENGTH) {
      throw new AppError('invalid_params', `The new entry's id would be ${id.length} characters (${id.slice(0, 60)}…), and ids are at most ${MAX_ENTRY_ID_LENGTH}; give it a shorter slug, or a parent with a shorter id.`);
    }
    return withEntryLock(context, id, () => {
      const file = join(context.store.contentDir, ...segments, `${input.language}.md`);
      writeTranslationFile(context, id, input.language, file, null, fields, input.body);
      recordChange(context, actor, 'create', id, input.language);
      return { id, status: 'draft' as const, language: input.language };
    });
  });
}
