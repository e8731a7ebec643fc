// For the tests of the panel in German: the English of some sections of the words files that is still on a
// German page. Every English word of more than one word is cut at its `{marks}` (the values filled in are
// not words), and a part is looked for as a page writes it (escaped for text or for an attribute); parts that
// German writes the same (a name, "Webhooks") are not counted.
import { ENGLISH_PANEL_WORDS } from '../../dist/panel/words/en.js';
import { GERMAN_PANEL_WORDS } from '../../dist/panel/words/de.js';
import { esc, escText } from '../../dist/panel/html.js';

type Section = keyof typeof ENGLISH_PANEL_WORDS;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(strings);
}

/** Parts of the English words of `sections` (two words or more) found in `html`. */
export function englishLeft(html: string, sections: readonly Section[]): string[] {
  const german = strings(GERMAN_PANEL_WORDS).join('\n');
  const parts = sections.flatMap((section) => strings(ENGLISH_PANEL_WORDS[section]))
    .flatMap((word) => word.split(/\{[a-zA-Z]+\}/))
    .map((part) => part.trim())
    .filter((part) => part.split(/\s+/).length > 1 && !german.includes(part));
  return [...new Set(parts)].filter((part) => html.includes(escText(part)) || html.includes(esc(part)));
}
