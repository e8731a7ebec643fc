// Escaping for server-rendered HTML: the public site, feeds and the panel share these.
import { referenceDisguisingCharacters } from './disguising-characters.js';

/**
 * Text for element content: `&`, `<` and `>`, and invisible or direction-changing characters as character
 * references (the page reads the same; its source no longer hides them).
 */
export function escapeHtml(text: string): string {
  return referenceDisguisingCharacters(text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'));
}

/** Text for element content and double- or single-quoted attribute values. */
export function escapeAttr(text: string): string {
  return escapeHtml(text).replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
