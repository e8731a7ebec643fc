// A snippet as the index cuts it (search-database.ts: matched words between two marks), written out for
// where it is shown: HTML with <mark> (the site's search page, the Content API), Markdown bold (MCP), or as
// parts for a caller that draws its own. FTS5 cuts a snippet by words (ranked-search.ts SNIPPET_WORDS), and
// what is no word (punctuation, emoji) does not count: a run of 20,000 `[` between two words came back
// whole. So the parts are cut again by characters, around the first match.
import { escapeHtml } from '../../lib/html-escape.js';
import { MARK_CLOSE, MARK_OPEN } from './search-database.js';

export interface SnippetPart { text: string; match: boolean }

/** Characters (code points) of a snippet's text at most, besides the ellipses where it is cut. */
export const SNIPPET_MOST_CHARS = 320;
/** Of those, how many may come before the first match (the rest follow it). */
const BEFORE_FIRST_MATCH = 80;
const ELLIPSIS = '…';

/**
 * The snippet's runs of text, matched words apart (a mark left open runs to the end), at most SNIPPET_MOST_CHARS
 * characters of them: a longer snippet is cut around its first match, with an ellipsis where it is cut.
 * Each run stays whole or is cut itself, so every matched word stays marked on both sides.
 */
export function snippetParts(marked: string): SnippetPart[] {
  return cutAroundFirstMatch(markedParts(marked), SNIPPET_MOST_CHARS);
}

function markedParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  for (const char of marked) {
    if (char === MARK_OPEN || char === MARK_CLOSE) {
      if (text !== '') parts.push({ text, match });
      text = '';
      match = char === MARK_OPEN;
      continue;
    }
    text += char === '\n' ? ' ' : char;
  }
  if (text !== '') parts.push({ text, match });
  return parts;
}

/** `parts` cut to `mostChars` code points (never a surrogate pair apart), starting a little before the first match. */
function cutAroundFirstMatch(parts: SnippetPart[], mostChars: number): SnippetPart[] {
  const chars = parts.map((part) => Array.from(part.text));
  const length = chars.reduce((sum, run) => sum + run.length, 0);
  if (length <= mostChars) return parts;
  let firstMatch = 0;
  for (const [at, part] of parts.entries()) {
    if (part.match) break;
    firstMatch += chars[at]!.length;
  }
  if (firstMatch === length) firstMatch = 0;
  const from = Math.max(0, Math.min(firstMatch - BEFORE_FIRST_MATCH, length - mostChars));
  const to = from + mostChars;
  const cut: SnippetPart[] = [];
  let start = 0;
  for (const [at, part] of parts.entries()) {
    const run = chars[at]!;
    const text = run.slice(Math.max(0, from - start), Math.max(0, to - start)).join('');
    start += run.length;
    if (text !== '') cut.push({ text, match: part.match });
  }
  if (from > 0) joinPlain(cut, 'start', ELLIPSIS);
  if (to < length) joinPlain(cut, 'end', ELLIPSIS);
  return cut;
}

/** `text` at the start or end of the parts as plain text (a cut match stays marked, the ellipsis not). */
function joinPlain(parts: SnippetPart[], where: 'start' | 'end', text: string): void {
  const at = where === 'start' ? 0 : parts.length - 1;
  const edge = parts[at];
  if (edge !== undefined && !edge.match) {
    edge.text = where === 'start' ? text + edge.text.trimStart() : edge.text.trimEnd() + text;
    return;
  }
  if (where === 'start') parts.unshift({ text, match: false });
  else parts.push({ text, match: false });
}

/** Escaped text with each matched word in <mark>: safe to put into a page as it is. */
export function snippetHtml(parts: readonly SnippetPart[]): string {
  return parts.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join('');
}

/** Plain text with each matched word in **bold** (Markdown), for an assistant. */
export function snippetMarkdown(parts: readonly SnippetPart[]): string {
  return parts.map((part) => (part.match ? `**${part.text}**` : part.text)).join('');
}
