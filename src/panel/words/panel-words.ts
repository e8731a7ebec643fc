// The words a panel page is drawn in: the language of the person asking, chosen once per request where the
// panel's routes are registered (../panel-language.ts), and read by any view with words() instead of being
// handed down through every function that draws part of a page. Outside a panel request (a test drawing a
// view, a log line) the words are English.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ENGLISH_PANEL_WORDS, type PanelWords } from './en.js';

export type { PanelWords };
import { GERMAN_PANEL_WORDS } from './de.js';

/** Every language the panel speaks, by its code; the first is the fallback. */
export const PANEL_LANGUAGES: Readonly<Record<string, PanelWords>> = { en: ENGLISH_PANEL_WORDS, de: GERMAN_PANEL_WORDS };

const current = new AsyncLocalStorage<PanelWords>();

/** The words of the panel request being answered (English outside one). */
export function words(): PanelWords {
  return current.getStore() ?? ENGLISH_PANEL_WORDS;
}

/** Runs `draw` (and everything it awaits) in `language`'s words; an unknown code means English. */
export function inPanelLanguage<T>(language: string, draw: () => T): T {
  return current.run(Object.hasOwn(PANEL_LANGUAGES, language) ? PANEL_LANGUAGES[language]! : ENGLISH_PANEL_WORDS, draw);
}

/** A word with its `{name}` marks filled in; a number is written as the language writes numbers. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (mark, name: string) => {
    const value = values[name];
    if (value === undefined) return mark;
    return typeof value === 'number' ? formatNumber(value) : value;
  });
}

/** The form of a counted word for `count` (Intl's plural rules of the language), filled in with `count`. */
export function plural(forms: { readonly one: string; readonly other: string }, count: number, values: Readonly<Record<string, string | number>> = {}): string {
  const form = pluralRules(words().locale).select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { count, ...values });
}

/**
 * One number format per locale and options (a few call sites, each with its literal options). One made per
 * call cost microseconds and outlived the young generation (its ICU object is freed by a full collection):
 * a Content list page's counts made some 0.8 KB of them a page.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number as the panel's language writes it (1,234 or 1.234). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = words().locale;
  const key = options === undefined ? locale : `${locale}\u0000${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    if (numberFormats.size >= 64) numberFormats.clear();
    numberFormats.set(key, format = new Intl.NumberFormat(locale, options));
  }
  return format.format(value);
}

// Intl's formatters cost some microseconds to make: one per locale is kept.
const rulesByLocale = new Map<string, Intl.PluralRules>();
function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, rules = new Intl.PluralRules(locale));
  return rules;
}
