// The index's FTS5 tables: one per tokenizer (English stemmed, others folded only), each split in two by who
// may see a row when it is indexed. BM25's statistics (how many rows hold a word, their average length) are
// FTS5's over a whole table, and a score is shown to anyone (the Content API's `score`, MCP content_search):
// were drafts in the table an anonymous reader ranks from, a draft holding a word would move that score, and
// anyone could learn whether unpublished text holds a word. So the public tables hold only translations
// public when indexed; drafts and what is scheduled ahead are in the hidden ones, which only a reader who may
// see them ranks from (and an anonymous one for a scheduled row whose time passed before its entry.due was
// applied: ranked-search.ts).

/** The FTS5 table of one tokenizer and side. */
export function textTable(stemmed: boolean, hidden: boolean): string {
  return `text_${stemmed ? 'stemmed' : 'folded'}${hidden ? '_hidden' : ''}`;
}

/** Every FTS5 table, with its tokenizer (porter stems English; both fold case and diacritics). */
export const TEXT_TABLES: ReadonlyArray<{ name: string; tokenize: string }> = [true, false].flatMap((stemmed) => [false, true].map((hidden) => ({
  name: textTable(stemmed, hidden),
  tokenize: stemmed ? 'porter unicode61 remove_diacritics 2' : 'unicode61 remove_diacritics 2',
})));

/** Whether a row public from `publicFrom` (null: never) goes to the hidden table when indexed at `now`. */
export function indexedHidden(publicFrom: number | null, now: number): boolean {
  return publicFrom === null || publicFrom > now;
}
