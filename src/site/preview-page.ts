import { embedsIn } from '../content/entries/embedded-services.js';
import { renderMarkdown } from '../content/markdown.js';
import type { ContentStore } from '../content/store.js';
import type { Entry, Translation } from '../content/entries/types.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { renderEntryPage } from './entry-page.js';
import type { PageContext } from './page-context.js';
import { themeWords } from './theme-words.js';
import { videoNoteHtml } from './video-placeholder.js';

// A translation exactly as its public page renders it (the theme and its words, cards, the entry's
// style.css, the cover), for the panel's preview: of any status, and of text not saved yet. It is marked as
// a preview, asks not to be indexed, and carries neither the statistics beacon nor the consent banner (a
// preview is not a visit). Who may see it, and how it is sent, is the panel's business (panel/preview/).

/** Text on the screen that is not saved: it replaces the file's title, body and front matter in the preview. */
export interface PreviewDraft {
  title: string;
  body: string;
  fields: Record<string, unknown>;
}

const BAR_CSS = '.svc-preview-bar{position:sticky;bottom:0;z-index:10;margin:2rem 0 0;padding:.6rem 1rem;background:#1d232a;color:#fff;font:15px/1.4 system-ui,sans-serif;display:flex;flex-wrap:wrap;gap:.3rem 1rem;justify-content:space-between}.svc-preview-bar a{color:#fff}';

/** A translation with unsaved text in place of the file's: what the renderer reads of it. */
export function withDraft(translation: Translation, draft: PreviewDraft): Translation {
  const fields = draft.fields;
  return {
    language: translation.language, file: translation.file, mtimeMs: translation.mtimeMs, size: translation.size,
    fields, body: draft.body, title: draft.title, status: translation.status, published: translation.published,
    dateMs: translation.dateMs, path: translation.path,
    tags: Array.isArray(fields.tags) ? fields.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    category: typeof fields.category === 'string' ? fields.category : null,
    author: translation.author, via: translation.via,
    start: typeof fields.start === 'string' ? fields.start : null,
    review: translation.review,
    embeds: embedsIn(draft.body),
  };
}

/**
 * The preview page of a translation (as saved, or with `draft`); `editHref` leads back to the editor. Null
 * only where the public renderer has no page (never for the first).
 */
export function renderPreviewPage(store: ContentStore, entry: Entry, translation: Translation, editHref: string, log: (line: string) => void, draft?: PreviewDraft): string | null {
  const shown = draft ? withDraft(translation, draft) : translation;
  const state = draft ? 'unsaved text' : translation.status;
  const words = themeWords(store.root, translation.language, log);
  const bar = `<div class="svc-preview-bar" role="status"><span>Preview (${escapeHtml(state)}) of ${escapeHtml(store.absoluteUrl(translation.path))}: only people of the team see this.</span><a href="${escapeAttr(editHref)}" target="_top">Back to the editor</a></div>`;
  const page: PageContext = {
    store, site: store.site(), language: translation.language, words,
    extras: { headExtra: `<meta name="robots" content="noindex, nofollow">\n<style>${BAR_CSS}</style>`, bodyEnd: bar },
  };
  // Unsaved text is drawn here, not through the cache of drawn bodies: it would fill it with drafts.
  const body = draft ? renderMarkdown(draft.body, { videoNote: (address) => videoNoteHtml(address, words) }).html : undefined;
  return renderEntryPage(page, entry, shown, 1, body);
}
