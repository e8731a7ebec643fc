import { z } from 'zod';
import { styleEntry } from '../../content/write/style-entry.js';
import { defineTool } from '../tool.js';
import { entryUrl, mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';

const input = z.strictObject({
  id: z.string().min(1).max(200).describe('entry id, e.g. posts/hello'),
  css: z.string().describe('the complete new CSS, at most 64 KB; an empty string removes style.css'),
});

export const contentStyleTool = defineTool({
  name: 'content_style',
  title: "Set an entry's CSS",
  description:
    "Replaces the entry's style.css. It applies to this entry's pages only, inside <main>, in every language; selectors are scoped to main. The CSS is cleaned: @import, addresses of other sites, image-set() and expression() are removed and braces balanced; images from the media library work as url(media/...). The previous CSS is kept as a version. Same rights as content_update. Answers id, css (as saved), cleaned, note and url.",
  scope: 'content:write',
  input,
  output: 'contentStyleOutput',
  // Replaces (or, with an empty string, removes) the entry's style.css: destructive, although the previous CSS
  // is kept as a version; a repeated call keeps another version and history line, so it is not idempotent.
  readOnly: false,
  destructive: true,
  idempotent: false,
  handler: (args, { deps, principal }) => {
    const entry = resolveVisibleEntry(deps.content, principal, args.id);
    const result = styleEntry(writeContextOf(deps), mcpActor(principal), entry, args.css);
    return { id: result.id, css: result.css, cleaned: result.cleaned, note: result.note, url: entryUrl(deps.content, entry), ...(result.waiting ? { waiting_for_approval: true as const } : {}) };
  },
});
