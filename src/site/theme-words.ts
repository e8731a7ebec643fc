import { join } from 'node:path';
import { yamlLibrary } from '../content/entries/yaml.js';
import { NotRegularFileError, notRegularReason, readRegularFile } from '../lib/regular-file.js';
import { ENGLISH, ENGLISH_WORDS, type SiteWords, type WordKey } from './site-words.js';

/** A translation file is a short list of words; anything larger is a mistake, not a theme. */
const MAX_FILE_BYTES = 64 * 1024;
const MAX_WORD_LENGTH = 1000;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Read once per installation and language, then kept for the life of the process: a page is made with a
 * map lookup, never a file read (a changed file takes effect at the next start).
 */
const kept = new Map<string, SiteWords>();

/**
 * The theme's words for a language: `theme/translations/<language>.yaml` of the installation over the
 * English ones, word by word. A missing file means English words (with dates still written for the
 * language); a file that cannot be used is reported in one line and changes nothing.
 */
export function themeWords(root: string, language: string, log: (line: string) => void): SiteWords {
  const key = `${root}\u0000${language}`;
  let words = kept.get(key);
  if (!words) {
    words = LANGUAGE.test(language) ? readWords(join(root, 'theme', 'translations', `${language}.yaml`), language, log) : ENGLISH;
    kept.set(key, words);
  }
  return words;
}

function readWords(file: string, language: string, log: (line: string) => void): SiteWords {
  const shown = `theme/translations/${language}.yaml`;
  const fallback = withLocale(ENGLISH, language);
  let bytes: Buffer;
  try {
    bytes = readRegularFile(file);
  } catch (error) {
    // A FIFO or a device in its place says ENOENT too (regular-file.ts), but is no missing file: it is named.
    if (error instanceof NotRegularFileError) log(`svc: ${shown}: ${notRegularReason(error.fileKind)}, so the site's words stay English.`);
    else if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log(`svc: ${shown} cannot be read, so the site's words stay English.`);
    return fallback;
  }
  if (bytes.length > MAX_FILE_BYTES) {
    log(`svc: ${shown} is larger than 64 KB, so the site's words stay English.`);
    return fallback;
  }
  let data: unknown;
  try {
    data = yamlLibrary().parse(strictUtf8.decode(bytes));
  } catch {
    log(`svc: ${shown} is not valid UTF-8 YAML, so the site's words stay English.`);
    return fallback;
  }
  if (data === null || data === undefined) return fallback;
  if (typeof data !== 'object' || Array.isArray(data)) {
    log(`svc: ${shown} must be a list of word: text lines, so the site's words stay English.`);
    return fallback;
  }
  return takeWords(data as Record<string, unknown>, language, (problem) => log(`svc: ${shown}: ${problem}`));
}

/** The words a file gives, each checked; the rest stays English. */
function takeWords(data: Record<string, unknown>, language: string, report: (problem: string) => void): SiteWords {
  const text: Record<WordKey, string> = { ...ENGLISH.text };
  const types: Record<string, string> = {};
  const skipped: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'types') {
      if (!isPlainObject(value)) { skipped.push(key); continue; }
      for (const [type, name] of Object.entries(value)) {
        if (isWord(name)) types[type] = name;
        else skipped.push(`types.${type}`);
      }
    } else if (Object.hasOwn(ENGLISH_WORDS, key) && isWord(value)) {
      text[key as WordKey] = value;
    } else {
      skipped.push(key);
    }
  }
  if (skipped.length > 0) report(`skipped ${skipped.join(', ')} (not one of the theme's words, or not a line of text).`);
  const locale = typeof data.locale === 'string' ? data.locale : language;
  return Object.freeze({ text: Object.freeze({ ...text, locale: usableLocale(locale, language, report) }), types: Object.freeze(types) });
}

function withLocale(words: SiteWords, language: string): SiteWords {
  return Object.freeze({ text: Object.freeze({ ...words.text, locale: usableLocale(language, language, () => {}) }), types: words.types });
}

/** A locale Intl knows, else the language itself, else English. */
function usableLocale(locale: string, language: string, report: (problem: string) => void): string {
  for (const candidate of [locale, language]) {
    try {
      const [canonical] = Intl.getCanonicalLocales(candidate);
      if (canonical) return canonical;
    } catch {
      if (candidate === locale && locale !== language) report(`the locale ${locale} is not a language tag; dates are written for ${language}.`);
    }
  }
  return 'en';
}

function isWord(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= MAX_WORD_LENGTH;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
