// The page a preview link opens (content/write/preview-links.ts): the translation as its public page would show it
// (theme, cards, cover, the entry's CSS), with the text the link pins or the latest saved text, under a bar
// that says it is a preview, who shared it and until when. Like the panel's preview it carries neither the
// statistics beacon nor the consent banner, and asks not to be indexed. Its images are the entry's media
// as the link serves them (`<link address>/media/<file>`): a draft's media are not public yet.
import { parseFrontMatter } from '../content/entries/front-matter.js';
import { renderMarkdown } from '../content/markdown.js';
import type { ContentStore } from '../content/store.js';
import type { SharedPreview } from '../content/write/preview-links.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { renderEntryPage } from './entry-page.js';
import type { PageContext } from './page-context.js';
import { withDraft } from './preview-page.js';
import { themeWords } from './theme-words.js';
import { videoNoteHtml } from './video-placeholder.js';

const BAR_CSS = '.svc-share-bar{position:sticky;top:0;z-index:10;margin:0;padding:.6rem 1rem;background:#5a3e00;color:#fff;font:15px/1.4 system-ui,sans-serif;display:flex;flex-wrap:wrap;gap:.3rem 1rem}.svc-share-bar strong{font-weight:700}';

/** The page, or null where the public renderer has none (past the last page of a listing: never here). */
export function renderSharedPreviewPage(store: ContentStore, preview: SharedPreview, log: (line: string) => void): string | null {
  const { translation } = preview;
  const words = themeWords(store.root, translation.language, log);
  let shown = translation;
  let entry = preview.entry;
  let body: string | undefined;
  if (preview.pinned) {
    const { fields, body: text } = parseFrontMatter(preview.pinned.text);
    const title = typeof fields.title === 'string' && fields.title.trim() !== '' ? fields.title : translation.title;
    shown = withDraft(translation, { title, body: text, fields });
    // An entry read back from the kept index has its fields as getters on its prototype, which a spread
    // would drop: the pinned style goes on an object that inherits the rest.
    entry = Object.create(entry, { style: { value: preview.pinned.style ?? entry.style } }) as typeof entry;
    // Drawn here, not through the cache of drawn bodies, which is keyed by the site's own translations.
    body = renderMarkdown(text, { videoNote: (address) => videoNoteHtml(address, words) }).html;
  }
  const state = preview.pinned ? preview.pinned.label : `the latest saved text (${translation.status})`;
  const bar = `<div class="svc-share-bar" role="status"><span><strong>Preview</strong>, not the published page: ${escapeHtml(state)}, shared by ${escapeHtml(preview.sharedBy)}.</span><span>This link works until ${escapeHtml(preview.until)}; please do not pass it on.</span></div>`;
  const page: PageContext = {
    store, site: store.site(), language: translation.language, words,
    extras: { headExtra: `<meta name="robots" content="noindex, nofollow">\n<meta name="referrer" content="no-referrer">\n<style>${BAR_CSS}</style>` },
  };
  const html = renderEntryPage(page, entry, shown, 1, body);
  if (html === null) return null;
  // The bar first in the page, so it is the first thing read and seen; the entry's media from the link.
  const withBar = html.replace('<body>', `<body>\n${bar}`);
  const media = `/media/${preview.entry.id}/`;
  return withBar.replaceAll(`${store.site().url}${media}`, `${preview.address}/media/`).replaceAll(media, `${escapeAttr(new URL(preview.address).pathname)}/media/`);
}
