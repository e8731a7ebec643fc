// Every word the panel shows, in English: the list of what a translation must say (de.ts is typed by it,
// so a word missing there is a compile error) and the panel's words wherever English is chosen. One
// section per area of the panel, in the order of its folders, a few areas to a file of en/ (de/ has the
// same files). `{name}` marks a value filled in (fill()); a word with `one` and `other` forms is chosen by
// count (plural()).
import { ENGLISH_ACCOUNT_WORDS } from './en/account.js';
import { ENGLISH_ENTRIES_WORDS } from './en/entries.js';
import { ENGLISH_ENTRY_CHANGES_WORDS } from './en/entry-changes.js';
import { ENGLISH_EDITING_WORDS } from './en/editing.js';
import { ENGLISH_HISTORY_WORDS } from './en/history.js';
import { ENGLISH_PEOPLE_WORDS } from './en/people.js';
import { ENGLISH_SETTINGS_WORDS } from './en/settings.js';
import { ENGLISH_STATS_WORDS } from './en/stats.js';
import { ENGLISH_STATS_TOOLS_WORDS } from './en/stats-tools.js';

export const ENGLISH_PANEL_WORDS = {
  /** BCP 47: how dates and numbers are written (Intl), and the page's `lang`. */
  locale: 'en',
  /** The language's own name, as the Account page's choice lists it. */
  languageName: 'English',
  ...ENGLISH_ACCOUNT_WORDS,
  entries: { ...ENGLISH_ENTRIES_WORDS, ...ENGLISH_ENTRY_CHANGES_WORDS },
  ...ENGLISH_EDITING_WORDS,
  ...ENGLISH_HISTORY_WORDS,
  ...ENGLISH_PEOPLE_WORDS,
  ...ENGLISH_SETTINGS_WORDS,
  ...ENGLISH_STATS_WORDS,
  ...ENGLISH_STATS_TOOLS_WORDS,
} as const;

/** The shape every language's words have: English's, with any text in place of each word. */
type Widened<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widened<T[K]> };
export type PanelWords = Widened<typeof ENGLISH_PANEL_WORDS>;
