import { micromark } from 'micromark';
import { splitCards, type CardBlock } from './entries/card-syntax.js';
import { escapeAttr, escapeHtml } from '../lib/html-escape.js';
import { costlyBlocks } from './costly-markdown.js';
import { LruCache } from '../lib/lru.js';

/** How the caller wants parts of the text drawn that depend on where it is shown. */
export interface RenderOptions {
  /**
   * Trusted HTML to put inside a video card's placeholder, given the card's checked address (the public site
   * says in the page's language what playing the video loads); without it the placeholder is the link alone.
   */
  videoNote?: (address: string) => string;
}

export interface RenderedBody {
  html: string;
  /** CSS classes present in the rendered text, e.g. card-callout. */
  classes: string[];
}

/**
 * Renders a Markdown body to HTML with micromark. Raw HTML in the body is escaped (micromark's default,
 * kept on purpose: bodies may come from assistants). Cards (D8) become `<div class="card-<name>">`.
 * References to the media library (`media/...`) become site-absolute so they work at every address.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): RenderedBody {
  const classes = new Set<string>();
  const html = renderParts(markdown, classes, 0, options);
  return { html, classes: [...classes].sort() };
}

/** Bodies this long or longer are kept rendered (renderKept): below it a render costs a few milliseconds. */
const KEEP_FROM_CHARS = 32 * 1024;
/** Kept renders of long bodies, bodies and HTML counted: a few of the longest a site has. */
const keptRenders = new LruCache<string, { rendered: RenderedBody; bytes: number }>(32, { maxBytes: 16 * 1024 * 1024, sizeOf: (kept) => kept.bytes });

/**
 * renderMarkdown without options, a long body's render kept by its text: micromark takes 0.4 s over 1 MB
 * of prose and some 4 s over 1 MB dense with emphasis and links, and the Content API's /entry and the feeds
 * draw a body at every request their own caches do not hold (a person's 120 requests a minute of one long
 * draft, each with another query, would hold the server).
 */
export function renderKept(markdown: string): RenderedBody {
  if (markdown.length < KEEP_FROM_CHARS) return renderMarkdown(markdown);
  const kept = keptRenders.get(markdown);
  if (kept) return kept.rendered;
  const rendered = renderMarkdown(markdown);
  keptRenders.set(markdown, { rendered, bytes: 2 * (markdown.length + rendered.html.length) });
  return rendered;
}

/**
 * The classes renderMarkdown(markdown).classes gives, without rendering: they come from the cards alone, and
 * a 1 MB body takes micromark 3-4 s (content_read names them at every read, which may not make a person's
 * sixty reads a minute hold the server). Walks the cards as renderParts and renderCard do.
 */
export function cardClasses(markdown: string): string[] {
  const classes = new Set<string>();
  const walk = (text: string, depth: number): void => {
    for (const part of splitCards(text)) {
      if (part.kind === 'markdown' || depth > 8) continue;
      const { card } = part;
      classes.add(`card-${card.name}`);
      if (card.name === 'callout') classes.add(`card-callout-${calloutTone(card)}`);
      if (!CARDS_WITHOUT_INNER.has(card.name)) walk(card.inner, depth + 1);
    }
  };
  walk(markdown, 0);
  return [...classes].sort();
}

/** The cards renderCard draws without their inner text (the others render it, and its cards, inside them). */
const CARDS_WITHOUT_INNER = new Set(['image', 'gallery', 'video', 'button']);

/** A callout's tone: its value when it is one of the three, else info. */
function calloutTone(card: CardBlock): string {
  return card.value && ['info', 'tip', 'warning'].includes(card.value) ? card.value : 'info';
}

function renderParts(markdown: string, classes: Set<string>, depth: number, options: RenderOptions): string {
  let html = '';
  for (const part of splitCards(markdown)) {
    if (part.kind === 'markdown') html += renderPlain(part.text);
    else html += depth > 8 ? renderPlain(part.card.inner) : renderCard(part.card, classes, depth, options);
  }
  return html;
}

function renderPlain(markdown: string): string {
  if (markdown.trim() === '') return '';
  // A block micromark would take far longer over than its size is shown as written (costly-markdown.ts).
  const pieces = costlyBlocks(markdown);
  if (pieces !== null) return pieces.map((piece) => (piece.costly ? `<pre>${escapeHtml(piece.text.trimEnd())}</pre>\n` : micromarkHtml(piece.text))).join('');
  return micromarkHtml(markdown);
}

function micromarkHtml(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false })
    .replaceAll(' src="media/', ' src="/media/')
    .replaceAll(' href="media/', ' href="/media/');
}

function renderCard(card: CardBlock, classes: Set<string>, depth: number, options: RenderOptions): string {
  const className = `card-${card.name}`;
  classes.add(className);
  const a = card.attributes;
  switch (card.name) {
    case 'callout': {
      const tone = calloutTone(card);
      classes.add(`card-callout-${tone}`);
      const title = a.title ? `<p class="card-title"><strong>${escapeHtml(a.title)}</strong></p>` : '';
      return `<div class="${className} card-callout-${tone}">${title}${renderParts(card.inner, classes, depth + 1, options)}</div>\n`;
    }
    case 'image': {
      const caption = a.caption ? `<figcaption>${escapeHtml(a.caption)}</figcaption>` : '';
      return `<div class="${className}"><figure>${imageTag(a.src, a.alt)}${caption}</figure></div>\n`;
    }
    case 'gallery': {
      const columns = ['2', '3', '4'].includes(a.columns ?? '') ? a.columns! : '3';
      const images = (a.images ?? '').split(',').map((src) => src.trim()).filter(Boolean);
      return `<div class="${className}" data-columns="${columns}">${images.map((src) => imageTag(src, '')).join('')}</div>\n`;
    }
    case 'video': {
      const address = safeUrl(card.value ?? '');
      const title = escapeHtml(a.title ?? 'Video');
      // No iframe until the visitor agrees to external media: the consent script swaps the link for the player.
      const note = options.videoNote?.(address) ?? '';
      return `<div class="${className}" data-embed="${escapeAttr(address)}"><a href="${escapeAttr(address)}" rel="noopener">${title}</a>${note}</div>\n`;
    }
    case 'button': {
      const style = a.style === 'secondary' ? 'secondary' : 'primary';
      return `<div class="${className}"><a class="button button-${style}" href="${escapeAttr(safeUrl(a.href ?? ''))}">${escapeHtml(card.value ?? '')}</a></div>\n`;
    }
    case 'quote': {
      const cite = [a.author, a.source].filter(Boolean).map((text) => escapeHtml(text!)).join(', ');
      return `<div class="${className}"><blockquote>${renderParts(card.inner, classes, depth + 1, options)}${cite ? `<footer>${cite}</footer>` : ''}</blockquote></div>\n`;
    }
    default: {
      const data = Object.entries(a)
        .filter(([key]) => /^[a-z][a-z0-9_-]*$/.test(key))
        .map(([key, value]) => ` data-${key}="${escapeAttr(value)}"`).join('');
      const value = card.value ? ` data-value="${escapeAttr(card.value)}"` : '';
      return `<div class="${className}"${value}${data}>${renderParts(card.inner, classes, depth + 1, options)}</div>\n`;
    }
  }
}

function imageTag(src: string | undefined, alt: string | undefined): string {
  const address = src ? safeUrl(src) : '';
  return `<img src="${escapeAttr(address)}" alt="${escapeAttr(alt ?? '')}" loading="lazy">`;
}

/** Media references become site-absolute; only http(s), mailto, site paths and fragments pass. */
export function safeUrl(url: string): string {
  const value = url.trim();
  if (value.startsWith('media/')) return '/' + value;
  if (/^(https?:|mailto:)/i.test(value) || value.startsWith('/') || value.startsWith('#')) {
    return value.startsWith('//') ? '' : value;
  }
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? '' : value;
}

