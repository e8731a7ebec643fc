// Escaping for server-rendered panel pages. Every value that is not our own markup goes through `esc`.

import { escapeAttr } from '../lib/html-escape.js';

/** Escapes any value for element content and double- or single-quoted attribute values. */
export function esc(value: unknown): string {
  return escapeAttr(String(value ?? ''));
}
