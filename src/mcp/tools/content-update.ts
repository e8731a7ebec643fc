import { z } from 'zod';
import { updateEntry } from '../../content/write/update-entry.js';
import { MAX_BODY_LENGTH, MAX_TITLE_LENGTH } from '../../content/write/field-rules.js';
import { SET_ASIDE_MESSAGE, WAITING_MESSAGE } from '../../content/write/live-proposals.js';
import { defineTool } from '../tool.js';
import { resolveLanguage } from './lookup.js';
import { mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';

const input = z.strictObject({
  id: z.string().min(1).max(200).describe('entry id, e.g. posts/hello'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language. A language the entry lacks adds a translation as a draft (give a title)"),
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH).optional().describe('new title'),
  body: z.string().max(MAX_BODY_LENGTH).optional().describe('the complete new Markdown body; leave out to keep the body'),
  fields: z.record(z.string(), z.unknown()).optional().describe('fields to change; null removes a field; status, author, via and published cannot be changed'),
});

export const contentUpdateTool = defineTool({
  name: 'content_update',
  title: 'Change an entry',
  description:
    "Changes the title, body or fields of one translation, or adds a missing translation as a draft. The previous version is kept as a revision. Changing others' entries needs the role right content.edit_all; changing published ones needs content.publish. Answers id, language, status and url.",
  scope: 'content:write',
  input,
  output: 'contentUpdateOutput',
  // Replaces the title and body and changes or removes fields of a translation that exists: destructive,
  // although the previous version is kept as a revision; a repeated call keeps another revision and history
  // line, so it is not idempotent.
  readOnly: false,
  destructive: true,
  idempotent: false,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const language = resolveLanguage(store, args.language);
    const entry = resolveVisibleEntry(store, principal, args.id);
    const result = updateEntry(writeContextOf(deps), mcpActor(principal), {
      entry, language,
      ...(args.title === undefined ? {} : { title: args.title }),
      ...(args.body === undefined ? {} : { body: args.body }),
      ...(args.fields === undefined ? {} : { fields: args.fields }),
    });
    // Beside the specified fields: the change waits for a person (approval of live changes, live-proposals.ts).
    // An outdated change waiting before is set aside, not added to (live-proposals.ts): the assistant is told, as its edits are not in this one.
    const message = result.setAside ? `${WAITING_MESSAGE} ${SET_ASIDE_MESSAGE}` : WAITING_MESSAGE;
    return { id: result.id, language: result.language, status: result.status, url: result.url, ...(result.waiting ? { waiting_for_approval: true as const, message } : {}) };
  },
});
