// A snippet as the index cuts it (search-database.ts: matched words between two marks), written out for
// where it is shown: HTML with <mark> (the site's search page, the Content API), Markdown bold (MCP), or as
// parts for a caller that draws its own.
import { escapeHtml } from '../../lib/html-escape.js';
import { MARK_CLOSE, MARK_OPEN } from './search-database.js';

export interface SnippetPart { text: string; match: boolean }

/** The snippet's runs of text, matched words apart; a mark left open runs to the end. */
export function snippetParts(marked: string): SnippetPart[] {
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

/** Escaped text with each matched word in <mark>: safe to put into a page as it is. */
export function snippetHtml(parts: readonly SnippetPart[]): string {
  return parts.map((part) => (part.match ? `<mark>${escapeHtml(part.text)}</mark>` : escapeHtml(part.text))).join('');
}

/** Plain text with each matched word in **bold** (Markdown), for an assistant. */
export function snippetMarkdown(parts: readonly SnippetPart[]): string {
  return parts.map((part) => (part.match ? `**${part.text}**` : part.text)).join('');
}
