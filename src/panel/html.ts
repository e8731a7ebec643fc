// Escaping for server-rendered panel pages. Every value that is not our own markup goes through `esc`.

import { escapeAttr, escapeHtml } from '../lib/html-escape.js';

/** Escapes any value for element content and double- or single-quoted attribute values. */
export function esc(value: unknown): string {
  return escapeAttr(String(value ?? ''));
}

/**
 * Escapes a word for element content only: its quotes and apostrophes stay as typed (`site's`, not
 * `site&#39;s`), so a sentence moved into the words files reads the same in the page's source. Never for an
 * attribute value.
 */
export function escText(value: string): string {
  return escapeHtml(value);
}
