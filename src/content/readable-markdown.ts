// A body as Markdown that any reader understands (an assistant, a Markdown viewer): the cards (D8) written
// out as plain Markdown instead of `:::` blocks, and every reference to the site (media, site paths) made
// absolute, since the text is read away from the site; a link or image address the page would not link to
// (javascript: and the like) is dropped as the page blanks it. The Markdown twins, llms-full.txt and the plain
// text of the Content API are made from it.
import { splitCards, type CardBlock } from './entries/card-syntax.js';
import { safeUrl } from './markdown.js';
import { markdownText } from './markdown-text.js';
import { withoutUnsafeTargets } from './unsafe-link-targets.js';
import { asCodeBlock, costlyBlocks } from './costly-markdown.js';

/** Cards nested deeper than this are written out as their inner text only (as the HTML renderer does). */
const DEEPEST_CARD = 8;

/** `body` with its cards as plain Markdown and its site references absolute on `base` (the site's url). */
export function readableMarkdown(body: string, base: string): string {
  return readableParts(body, base, 0).replace(/\n{3,}/g, '\n\n').trim();
}

function readableParts(markdown: string, base: string, depth: number): string {
  const out: string[] = [];
  for (const part of splitCards(markdown)) {
    // Addresses the page would not link to are dropped before the others are made absolute.
    if (part.kind === 'markdown') out.push(readableText(part.text, base));
    else out.push(depth > DEEPEST_CARD ? readableParts(part.card.inner, base, depth + 1) : readableCard(part.card, base, depth));
  }
  return out.join('\n\n');
}

/** Plain Markdown read away from the site; a block too costly to parse (costly-markdown.ts) as a code block, shown as written. */
function readableText(markdown: string, base: string): string {
  const readable = (text: string) => absoluteReferences(withoutUnsafeTargets(text), base);
  const pieces = costlyBlocks(markdown);
  if (pieces === null) return readable(markdown);
  return pieces.map((piece) => (piece.costly ? asCodeBlock(piece.text.trimEnd()) : readable(piece.text))).join('\n\n');
}

function readableCard(card: CardBlock, base: string, depth: number): string {
  const a = card.attributes;
  const inner = () => readableParts(card.inner, base, depth + 1).trim();
  switch (card.name) {
    case 'callout': {
      const title = a.title ? `**${markdownText(a.title)}**` : '';
      return quoted([title, inner()].filter(Boolean).join('\n\n'));
    }
    case 'image': {
      const caption = a.caption ? `\n\n*${markdownText(a.caption)}*` : '';
      return image(a.src, a.alt, base) + caption;
    }
    case 'gallery':
      return (a.images ?? '').split(',').map((src) => src.trim()).filter(Boolean).map((src) => image(src, '', base)).join('\n');
    case 'video':
      return link(a.title ?? 'Video', card.value ?? '', base);
    case 'button':
      return link(card.value ?? '', a.href ?? '', base);
    case 'quote': {
      const cite = [a.author, a.source].filter(Boolean).map((text) => markdownText(text!)).join(', ');
      return quoted([inner(), cite ? `— ${cite}` : ''].filter(Boolean).join('\n\n'));
    }
    // A card of a plugin or the theme: what it holds is its text; its settings mean nothing to a reader.
    default:
      return inner();
  }
}

/** Text as a Markdown quote: every line behind `> ` (empty lines too, so the quote stays one). */
function quoted(text: string): string {
  return text.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)).join('\n');
}

function image(src: string | undefined, alt: string | undefined, base: string): string {
  const address = absoluteUrl(src ?? '', base);
  return address === '' ? '' : `![${markdownText(alt ?? '')}](${destination(address)})`;
}

/** A link; a label alone when the address is not one a page may link to (javascript: and the like). */
function link(label: string, href: string, base: string): string {
  const address = absoluteUrl(href, base);
  const text = markdownText(label.trim() === '' ? address : label);
  return address === '' ? text : `[${text}](${destination(address)})`;
}

/** An address as the HTML renderer would link it (safeUrl), then absolute on `base`. */
function absoluteUrl(url: string, base: string): string {
  const safe = safeUrl(url);
  return safe.startsWith('/') ? base + safe : safe;
}

/** A link destination in angle brackets, so spaces and parentheses in it cannot end it early. */
function destination(address: string): string {
  return `<${address.replaceAll('<', '%3C').replaceAll('>', '%3E').replace(/[\r\n]/g, '')}>`;
}

/**
 * Link and image destinations of plain Markdown that point into the site (`media/...`, `/...`) made
 * absolute. Fenced code is left as it is: an example of Markdown in a post is not a link.
 */
function absoluteReferences(markdown: string, base: string): string {
  let inCode = false;
  return markdown.split('\n').map((line) => {
    const trimmed = line.trimStart();
    if (trimmed.startsWith('```') || trimmed.startsWith('~~~')) inCode = !inCode;
    if (inCode) return line;
    return line
      .replace(/\]\((<?)(media\/|\/(?!\/))/g, (_match, bracket: string, start: string) => `](${bracket}${base}/${start === 'media/' ? 'media/' : ''}`)
      .replace(/^(\s{0,3}\[[^\]]+\]:\s*<?)(media\/|\/(?!\/))/, (_match, head: string, start: string) => `${head}${base}/${start === 'media/' ? 'media/' : ''}`);
  }).join('\n');
}
