// The text of an entry that search looks through, made from its Markdown in one quick pass (no rendering:
// at 100,000 posts a render each would take most of the minute the index may take to build). What would
// only add words nobody searches for is left out: addresses of links and images, HTML tags, card fences and
// card settings; what a reader sees is kept: link and image texts, card titles, labels and captions.
// Markup characters go too, as the snippets are cut from this text.
import { findCards } from '../entries/card-syntax.js';
import { CORE_CARDS } from '../entries/core-cards.js';

/** Characters of a body indexed at most (some 30,000 words): the rest of a longer one is not searched. */
export const MAX_BODY_CHARS = 200_000;

/**
 * Of each core card, what its page shows as text (content/markdown.ts renderCard): its text settings
 * (titles, captions, alt texts, names: the fields core-cards.ts types `text`), and the bare value where it
 * is a label (a button's). The rest are settings a reader never sees (a button's `style` and `href`, a
 * callout's tone, a video's address) and are left out, as are all the settings of a plugin's or the theme's
 * card (the page has them as data attributes; its text is its inner Markdown, indexed as any).
 */
const VALUE_IS_LABEL = new Set(['button']);
const SHOWN_TEXT = new Map(CORE_CARDS.map((card) => [card.name, {
  value: VALUE_IS_LABEL.has(card.name),
  settings: (card.fields ?? []).filter((field) => field.type === 'text').map((field) => field.key),
}]));
const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK = /\[([^\]]*)\]\([^)]*\)/g;
const AUTOLINK = /<(?:https?|mailto):[^>\s]*>/gi;
const TAG = /<\/?[a-z][^>]*>/gi;
const EMPHASIS = /(\*\*|__|\*|~~|`+)/g;
const LINE_MARK = /^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)/;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S+.*$/;

/** A body's searchable text: one line per line of Markdown, without markup. */
export function searchableBody(markdown: string): string {
  const lines = markdown.slice(0, MAX_BODY_CHARS).split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const shown = line.startsWith(':::') ? cardText(line) : null;
    if (shown !== null) {
      if (shown !== '') out.push(shown);
      continue;
    }
    if (/^\s*(?:```|~~~|:::\s*$)/.test(line) || REFERENCE_DEFINITION.test(line)) continue;
    const text = line.replace(LINE_MARK, '').replace(IMAGE, '$1').replace(LINK, '$1').replace(AUTOLINK, ' ').replace(TAG, ' ').replace(EMPHASIS, '').replace(/[ \t]{2,}/g, ' ').trim();
    if (text !== '') out.push(text);
  }
  return out.join('\n');
}

/** What the card opened on `line` shows as text (maybe none); null when the line opens no card. */
function cardText(line: string): string | null {
  // The card's own parser (card-syntax.ts), so what counts as a card, its value and its settings are what
  // the page renders. A line alone is an unclosed card: its inner text is empty, the next lines are read here.
  const card = findCards(line.trimEnd())[0];
  if (card === undefined) return null;
  const shown = SHOWN_TEXT.get(card.name);
  if (shown === undefined) return '';
  const texts = [...(shown.value && card.value !== null ? [card.value] : []), ...shown.settings.flatMap((key) => (Object.hasOwn(card.attributes, key) ? [card.attributes[key]!] : []))];
  return texts.map((text) => text.replace(EMPHASIS, '').trim()).filter((text) => text !== '').join(' · ');
}

/** Tags as words: `open-source` is found by "open source". */
export function tagWords(tags: readonly string[]): string {
  return tags.map((tag) => tag.replace(/-/g, ' ')).join(', ');
}
