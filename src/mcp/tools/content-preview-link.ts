import { z } from 'zod';
import { canSeeTranslation } from '../../content/content-rights.js';
import { PREVIEW_MAX_HOURS, PREVIEW_MIN_HOURS, PreviewLinks, previewLinkAddress } from '../../content/write/preview-links.js';
import { formatSiteTime } from '../../lib/time-zone.js';
import { defineTool } from '../tool.js';
import { resolveLanguage } from './lookup.js';
import { mcpActor, resolveVisibleEntry, writeContextOf } from './write-helpers.js';
import { AppError } from '../../errors.js';

const input = z.strictObject({
  id: z.string().min(1).max(200).describe('entry id, e.g. posts/hello (content_list shows them)'),
  language: z.string().min(1).max(20).optional().describe("language code; default the site's default language"),
  hours: z.int().min(PREVIEW_MIN_HOURS).max(PREVIEW_MAX_HOURS).optional().describe(`how long the link works: ${PREVIEW_MIN_HOURS} to ${PREVIEW_MAX_HOURS} hours (7 days), default 24`),
  follow_changes: z.boolean().optional().describe('true: the link always shows the latest saved text; false (default): it shows the text as it is now, whatever is changed later'),
});

export const contentPreviewLinkTool = defineTool({
  name: 'content_preview_link',
  title: 'Make a preview link',
  description:
    'Makes a link that shows one translation (a draft, or any translation you may read) as its public page will look, to anyone who has the link and without signing in, until it expires (1 hour to 7 days, default 24 hours). By default it shows the text as it is now; with follow_changes it shows the latest saved text. Give the link only to the person who asked for it: it works for whoever holds it. People revoke links on the entry\'s page in the panel; moving the entry to the trash ends them. Answers id, language, url (shown once), expires and shows.',
  scope: 'content:read',
  input,
  output: 'contentPreviewLinkOutput',
  // Adds a link and a history line and changes no content: not destructive; each call makes another link.
  readOnly: false,
  destructive: false,
  idempotent: false,
  handler: (args, { deps, principal }) => {
    const store = deps.content;
    const language = resolveLanguage(store, args.language);
    const entry = resolveVisibleEntry(store, principal, args.id);
    const translation = entry.translations.get(language);
    if (!translation || !canSeeTranslation(principal, entry, translation)) {
      const others = [...entry.translations.values()].filter((t) => canSeeTranslation(principal, entry, t)).map((t) => t.language).sort();
      throw new AppError('not_found', `${entry.id} has no ${language} translation you may read; it has ${others.join(', ')}. Call content_read to see its translations.`);
    }
    const made = new PreviewLinks(writeContextOf(deps)).create(mcpActor(principal), entry, translation, args.follow_changes ? { kind: 'latest' } : { kind: 'now' }, args.hours ?? 24);
    const site = store.site();
    return {
      id: entry.id,
      language,
      url: previewLinkAddress(deps.config.baseUrl, made.token),
      expires: formatSiteTime(Date.parse(made.link.expires), site.timezone),
      shows: made.link.shows,
      note: `Anyone with this link sees the ${language} translation of ${entry.id} without signing in until ${formatSiteTime(Date.parse(made.link.expires), site.timezone)} (${site.timezone}). It is shown only this once; a person can revoke it on the entry's page in the panel.`,
    };
  },
});
