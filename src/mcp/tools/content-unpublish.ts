import { z } from 'zod';
import { unpublishEntry } from '../../content/write/unpublish-entry.js';
import { defineTool } from '../tool.js';
import { resolveLanguage } from './lookup.js';
import { mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';

const input = z.strictObject({
  id: z.string().min(1).max(200).describe('entry id, e.g. posts/hello'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
});

export const contentUnpublishTool = defineTool({
  name: 'content_unpublish',
  title: 'Unpublish an entry',
  description:
    'Turns a published or scheduled translation back into a draft (nothing is deleted). Needs the role right content.publish (own entries) or content.publish_all. Answers id and status: draft.',
  scope: 'content:publish',
  input,
  output: 'contentUnpublishOutput',
  // Takes a translation off the website and removes its published time and any pending review: destructive; once
  // it is a draft a repeated call changes nothing and writes nothing, so it is idempotent.
  readOnly: false,
  destructive: true,
  idempotent: true,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const language = resolveLanguage(store, args.language);
    const entry = resolveVisibleEntry(store, principal, args.id);
    const result = unpublishEntry(writeContextOf(deps), mcpActor(principal), entry, language);
    return { ...result };
  },
});
