// The panel's words in German (Sie, as German software addresses people it does not know). Typed by the
// English list (en.ts): every word there must be here. Same sections, in files of de/ named as en/'s.
import { GERMAN_ACCOUNT_WORDS } from './de/account.js';
import { GERMAN_ENTRIES_WORDS } from './de/entries.js';
import { GERMAN_ENTRY_CHANGES_WORDS } from './de/entry-changes.js';
import { GERMAN_EDITING_WORDS } from './de/editing.js';
import { GERMAN_HISTORY_WORDS } from './de/history.js';
import { GERMAN_PEOPLE_WORDS } from './de/people.js';
import { GERMAN_SETTINGS_WORDS } from './de/settings.js';
import { GERMAN_STATS_WORDS } from './de/stats.js';
import { GERMAN_STATS_TOOLS_WORDS } from './de/stats-tools.js';
import type { PanelWords } from './en.js';

export const GERMAN_PANEL_WORDS: PanelWords = {
  locale: 'de',
  languageName: 'Deutsch',
  ...GERMAN_ACCOUNT_WORDS,
  entries: { ...GERMAN_ENTRIES_WORDS, ...GERMAN_ENTRY_CHANGES_WORDS },
  ...GERMAN_EDITING_WORDS,
  ...GERMAN_HISTORY_WORDS,
  ...GERMAN_PEOPLE_WORDS,
  ...GERMAN_SETTINGS_WORDS,
  ...GERMAN_STATS_WORDS,
  ...GERMAN_STATS_TOOLS_WORDS,
};
