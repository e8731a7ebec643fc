import { z } from 'zod';
import { publishEntry } from '../../content/write/publish-entry.js';
import { defineTool } from '../tool.js';
import { resolveLanguage } from './lookup.js';
import { mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';

const input = z.strictObject({
  id: z.string().min(1).max(200).describe('entry id, e.g. posts/hello'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
  at: z.string().max(40).optional().describe('publish later: YYYY-MM-DD HH:MM in the site time zone'),
});

export const contentPublishTool = defineTool({
  name: 'content_publish',
  title: 'Publish an entry',
  description:
    "Publishes one translation now, or schedules it for `at`. Call it only when the person asked to publish. Answers id, status (published or scheduled), date, url, and card_warnings when cards leave required settings empty (it is published all the same). When the site requires approval, nothing is published: the answer is status waiting_for_approval with a message. Needs the role right content.publish (own entries) or content.publish_all.",
  scope: 'content:publish',
  input,
  output: 'contentPublishOutput',
  // Rewrites status and published of a translation that exists and removes a pending review: a change, not an
  // addition, so destructive; scheduling again or asking again for approval writes the file and the history
  // again, so it is not idempotent (publishing an already published one changes nothing).
  readOnly: false,
  destructive: true,
  idempotent: false,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const language = resolveLanguage(store, args.language);
    const entry = resolveVisibleEntry(store, principal, args.id);
    return publishEntry(writeContextOf(deps), mcpActor(principal), entry, language, args.at);
  },
});
