// The keys of a Content API entry, in the order of its answers: the spec's "Entry (API)" table, then the
// forms of the body (markdown and html are the spec's, plaintext is added). Selection (field-selection.ts),
// the view (entry-view.ts) and the schemas (api-schemas.ts) read them here.

/** The keys of an entry without its body. */
export const ENTRY_KEYS = ['id', 'title', 'url', 'status', 'date', 'excerpt', 'tags', 'cover', 'translations', 'fields'] as const;
/** The forms of the body. */
export const BODY_FORMATS = ['markdown', 'html', 'plaintext'] as const;
export type EntryKey = (typeof ENTRY_KEYS)[number] | (typeof BODY_FORMATS)[number];
/** Every key in answer order. */
export const ALL_ENTRY_KEYS: readonly EntryKey[] = [...ENTRY_KEYS, ...BODY_FORMATS];
/** What an entry found by a search (`q`) has after its keys, in answer order; `fields` may name them too. */
export const FOUND_KEYS = ['snippet', 'score'] as const;
export type FoundKey = (typeof FOUND_KEYS)[number];
