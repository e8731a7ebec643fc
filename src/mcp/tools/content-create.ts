import { z } from 'zod';
import { createEntry } from '../../content/write/create-entry.js';
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../../content/write/field-rules.js';
import { defineTool } from '../tool.js';
import { resolveLanguage, resolveType } from './lookup.js';
import { mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';

const input = z.strictObject({
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH).describe('title'),
  type: z.string().min(1).max(40).optional().describe('post (default), page or a custom type from site_info'),
  body: z.string().max(MAX_BODY_LENGTH).optional().describe('Markdown body; cards as in content_cards'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
  fields: z.record(z.string(), z.unknown()).optional().describe('extra front matter: tags (list of tag slugs), excerpt, slug; for a category: category and its fields such as start (YYYY-MM-DD HH:MM) and location'),
  parent: z.string().min(1).max(200).optional().describe('pages only: the id of the parent page'),
});

export const contentCreateTool = defineTool({
  name: 'content_create',
  title: 'Create a draft',
  description:
    'Creates a new entry as a draft, written by the person the token belongs to and marked as created by an assistant. status, author, via and published inside fields are ignored. A free slug is chosen when the wanted one is taken. Answers id, status, language, edit_in_panel and next_step. Nothing is published.',
  scope: 'content:write',
  input,
  output: 'contentCreateOutput',
  // Adds a new draft in a folder of its own under a free slug: it never changes or replaces anything that
  // exists, so it is additive (not destructive); every call adds another draft, so it is not idempotent.
  readOnly: false,
  destructive: false,
  idempotent: false,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const type = resolveType(store, args.type);
    const language = resolveLanguage(store, args.language);
    const parent = args.parent === undefined ? null : resolveVisibleEntry(store, principal, args.parent);
    const created = createEntry(writeContextOf(deps), mcpActor(principal), {
      title: args.title, type, language, body: args.body ?? '', fields: args.fields ?? {}, parent,
    });
    return {
      id: created.id,
      status: created.status,
      language: created.language,
      edit_in_panel: `${deps.config.baseUrl}/svc/panel/entries/${created.id}`,
      next_step: 'The draft is saved. Show it to the person (content_read, or the edit_in_panel link); call content_publish only when they ask to publish it.',
    };
  },
});
