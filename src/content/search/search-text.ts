// The text of an entry that search looks through, made from its Markdown in one quick pass (no rendering:
// at 100,000 posts a render each would take most of the minute the index may take to build). What would
// only add words nobody searches for is left out: addresses of links and images, HTML tags, card fences and
// the names of card settings; what a reader sees is kept: link and image texts, card titles and captions.
// Markup characters go too, as the snippets are cut from this text.

/** Characters of a body indexed at most (some 30,000 words): the rest of a longer one is not searched. */
export const MAX_BODY_CHARS = 200_000;

/** `::: name value key="text" ...`: the settings' texts are kept, their names and the card's name not. */
const CARD_OPENER = /^\s*:::\s*[a-z][a-z0-9-]*(.*)$/;
const QUOTED = /="([^"]*)"/g;
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
    const opener = CARD_OPENER.exec(line);
    if (opener) {
      const texts = [...opener[1]!.matchAll(QUOTED)].map((match) => match[1]!).filter((text) => !/^(?:media\/|https?:|\/)/.test(text));
      if (texts.length > 0) out.push(texts.join(' · '));
      continue;
    }
    if (/^\s*(?:```|~~~|:::\s*$)/.test(line) || REFERENCE_DEFINITION.test(line)) continue;
    const text = line.replace(LINE_MARK, '').replace(IMAGE, '$1').replace(LINK, '$1').replace(AUTOLINK, ' ').replace(TAG, ' ').replace(EMPHASIS, '').replace(/[ \t]{2,}/g, ' ').trim();
    if (text !== '') out.push(text);
  }
  return out.join('\n');
}

/** Tags as words: `open-source` is found by "open source". */
export function tagWords(tags: readonly string[]): string {
  return tags.map((tag) => tag.replace(/-/g, ' ')).join(', ');
}
