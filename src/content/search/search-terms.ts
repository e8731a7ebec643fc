// What a reader types into a search box, turned into an FTS5 query that can only mean words. FTS5's own
// syntax (NEAR(...), column filters, `^`, `*` alone, AND/OR/NOT, unbalanced quotes) is never passed on: every
// word becomes a quoted FTS5 string, so the engine can neither fail to parse it nor be asked for more than a
// word lookup. What is kept of the reader's intent: "quoted phrases", a prefix (`photo*`) and -excluded words.

/** Longest query taken, in characters (the Content API and the tools refuse longer; the page says so). */
export const MAX_QUERY_CHARS = 256;

/** Characters as the limit counts them, as zod's max and a person do: code points (an emoji is one, not two). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The first `count` characters (code points): a cut never leaves half of a pair behind. */
function firstCharacters(text: string, count: number): string {
  if (text.length <= count) return text;
  let end = 0;
  let taken = 0;
  for (const character of text) {
    if (taken++ === count) break;
    end += character.length;
  }
  return text.slice(0, end);
}
/** Terms (words and phrases) looked up at most; the rest of a long query is left out. */
export const MAX_TERMS = 16;
/** A prefix needs this many letters: a shorter one would list most of the index's words. */
const MIN_PREFIX = 2;
/** Letters kept of one word: no word of any language is longer, and FTS5 keeps none longer. */
const MAX_WORD = 100;

export interface SearchTerms {
  /** The FTS5 query, or null when the text holds no word to look for (punctuation, `*` alone, only exclusions). */
  match: string | null;
  /** The words looked for, as the reader wrote them (to say what was searched). */
  words: string[];
}

interface Term { tokens: string[]; prefix: boolean; exclude: boolean }

/** Letters, digits and combining marks in any script: what FTS5's unicode61 tokenizer keeps as a word. */
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of `text` in order, each cut to MAX_WORD characters. */
function tokensOf(text: string): string[] {
  return (text.match(TOKEN) ?? []).map((token) => token.slice(0, MAX_WORD));
}

/** Splits the reader's text into words and "phrases"; an unbalanced quote runs to the end. */
function readTerms(text: string): Term[] {
  const terms: Term[] = [];
  let at = 0;
  while (at < text.length && terms.length < MAX_TERMS * 2) {
    const char = text[at]!;
    if (/\s/u.test(char)) { at++; continue; }
    const exclude = char === '-' && at + 1 < text.length && !/\s/u.test(text[at + 1]!);
    if (exclude) at++;
    if (text[at] === '"') {
      const close = text.indexOf('"', at + 1);
      const end = close === -1 ? text.length : close;
      const tokens = tokensOf(text.slice(at + 1, end));
      at = end + 1;
      const prefix = text[at] === '*';
      if (tokens.length > 0) terms.push({ tokens, prefix, exclude });
      continue;
    }
    let end = at;
    while (end < text.length && !/[\s"]/u.test(text[end]!)) end++;
    const word = text.slice(at, end);
    at = end;
    const tokens = tokensOf(word);
    if (tokens.length > 0) terms.push({ tokens, prefix: word.endsWith('*'), exclude });
  }
  return terms;
}

/** One term as FTS5 text: a quoted string (no quote can be left in it), with its prefix star where it has one. */
function ftsTerm(term: Term): string {
  const last = term.tokens.at(-1)!;
  const star = term.prefix && [...last].length >= MIN_PREFIX ? ' *' : '';
  return `"${term.tokens.join(' ')}"${star}`;
}

/** The FTS5 query for what a reader typed (control characters, lone surrogates and NUL count as spaces). */
export function searchTerms(text: string): SearchTerms {
  const clean = firstCharacters(text, MAX_QUERY_CHARS).replace(/[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/gu, ' ');
  const terms = readTerms(clean);
  const wanted = terms.filter((term) => !term.exclude).slice(0, MAX_TERMS);
  const unwanted = terms.filter((term) => term.exclude).slice(0, MAX_TERMS - wanted.length);
  if (wanted.length === 0) return { match: null, words: [] };
  let match = wanted.map(ftsTerm).join(' AND ');
  if (unwanted.length > 0) match = `(${match})${unwanted.map((term) => ` NOT ${ftsTerm(term)}`).join('')}`;
  return { match, words: wanted.map((term) => term.tokens.join(' ')) };
}
