// Link and image addresses of plain Markdown that the HTML page would not link to (javascript:, vbscript:,
// data: and every other scheme micromark does not allow), dropped from Markdown read away from the site
// (readable-markdown.ts): a twin read in a Markdown viewer must not link where the page refuses to. Raw
// HTML, which the page shows as text, is written so that a viewer shows it as text too (each `<` escaped):
// `<a href="javascript:…">` or an `<iframe>` in a body is no tag in its twin either.
// Where the links are is found by micromark's own parser, so a link is what the renderer takes for one (not
// in code, escapes and entities understood); whether an address is safe is asked of the renderer itself
// (markdown.ts renderMarkdown), so the twin drops exactly what the page blanks.
import { parse, postprocess, preprocess } from 'micromark';
import { renderMarkdown } from './markdown.js';
import { markdownText } from './markdown-text.js';

/** Signs of a link, an image, a definition, an autolink or raw HTML: a body without any is left as it is, unparsed. */
const MAY_LINK = /\]\(|\]:|<[a-z/!?]/i;

interface Replacement { start: number; end: number; text: string }

/**
 * `markdown` with the address of each link, image and link definition the page would blank written as `<>`
 * (an empty address: the page's `href=""`), each such autolink as its text alone, and raw HTML as text.
 */
export function withoutUnsafeTargets(markdown: string): string {
  if (!MAY_LINK.test(markdown)) return markdown;
  const events = postprocess(parse().document().write(preprocess()(markdown, undefined, true)));
  const replacements: Replacement[] = [];
  let images = 0;
  for (const [kind, token] of events) {
    if (token.type === 'image') images += kind === 'enter' ? 1 : -1;
    if (kind !== 'enter') continue;
    const start = token.start.offset;
    const end = token.end.offset;
    const written = markdown.slice(start, end);
    if (token.type === 'resourceDestination' && !renderedSafe(images > 0 ? `![a](${written})` : `[a](${written})`)) {
      replacements.push({ start, end, text: '<>' });
    } else if (token.type === 'definitionDestination' && !renderedSafe(`[a]: ${written}\n\n[a]`)) {
      replacements.push({ start, end, text: '<>' });
    } else if (token.type === 'autolink' && !renderedSafe(written)) {
      replacements.push({ start, end, text: markdownText(written.slice(1, -1)) });
    } else if (token.type === 'htmlFlow' || token.type === 'htmlText') {
      replacements.push({ start, end, text: written.replaceAll('<', '\\<') });
    }
  }
  let out = markdown;
  for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

/** Whether the page links the one link or image `markdown` holds: micromark blanks an address it refuses. */
function renderedSafe(markdown: string): boolean {
  return !/ (?:href|src)=""/.test(renderMarkdown(markdown).html);
}
