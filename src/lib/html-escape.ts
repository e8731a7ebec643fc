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

/** What XML 1.0 has no place for, not even as a character reference: C0 controls but tab and line ends, U+FFFE, U+FFFF. */
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A whole XML document (a feed) with each character XML 1.0 forbids replaced by U+FFFD: HTML shows a stray
 * control character of a title or body, but one makes a feed no reader parses.
 */
export function xmlSafe(document: string): string {
  return document.replace(NOT_IN_XML, '\uFFFD');
}
