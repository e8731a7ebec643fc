// `fields=` and `formats=` on /entries and /entry: an answer with only the keys asked for, in the order of
// the full answer. Without either, the answers are exactly the spec's. A search (`q` on /entries) has two
// keys more, snippet and score, which `fields` may name as well.
import { AppError } from '../errors.js';
import { ALL_ENTRY_KEYS, BODY_FORMATS, ENTRY_KEYS, FOUND_KEYS, type EntryKey, type FoundKey } from './answers/entry-keys.js';
import { param } from './params.js';

/** Of names that are not known, this many are named back (each cut short), so a refusal stays short. */
const NAMED_BACK = 5;

/** What a search's rows hold: the entry's keys, then those of the match. */
export interface FoundSelection { keys: EntryKey[]; found: FoundKey[] }

/**
 * The keys an answer's entries hold, or null when the request selects nothing (the spec's answer).
 * `fields` names any keys (the body's forms too); `formats` names the body's forms (markdown, html,
 * plaintext) and implies the body. Without `formats`, the body's forms are those `fields` names, or
 * `defaultBody` when `fields` is not given either. A name that is not known, given twice, or more names
 * than there are keys: 422, naming the known ones.
 */
export function selectedKeys(url: URL, defaultBody: readonly EntryKey[]): EntryKey[] | null {
  return selection(url, defaultBody, ALL_ENTRY_KEYS)?.keys ?? null;
}

/**
 * The keys of a search's rows, as selectedKeys's, with snippet and score besides: those `fields` names, or
 * both when `fields` is not given (`formats` alone chooses the body, not the rest). Null: nothing selected.
 */
export function selectedFoundKeys(url: URL, defaultBody: readonly EntryKey[]): FoundSelection | null {
  return selection(url, defaultBody, [...ALL_ENTRY_KEYS, ...FOUND_KEYS]);
}

function selection(url: URL, defaultBody: readonly EntryKey[], known: ReadonlyArray<EntryKey | FoundKey>): FoundSelection | null {
  const fields = nameList(url, 'fields', known);
  const formats = nameList(url, 'formats', BODY_FORMATS);
  if (fields === null && formats === null) return null;
  const chosen = new Set<EntryKey>(fields === null ? ENTRY_KEYS : fields.filter((name): name is EntryKey => (ENTRY_KEYS as readonly string[]).includes(name)));
  const body = formats ?? (fields === null ? defaultBody : fields.filter((name): name is EntryKey => (BODY_FORMATS as readonly string[]).includes(name)));
  for (const format of body) chosen.add(format);
  const found = FOUND_KEYS.filter((key) => fields === null || fields.includes(key));
  return { keys: ALL_ENTRY_KEYS.filter((key) => chosen.has(key)), found };
}

/**
 * A comma-separated list of names from `known`, each once (so at most as many as there are); null when the
 * parameter is absent or empty.
 */
function nameList<T extends string>(url: URL, name: string, known: readonly T[]): T[] | null {
  const raw = param(url, name);
  if (raw === undefined || raw === '') return null;
  const names = raw.split(',').map((part) => part.trim());
  const knownList = `the known ones are ${known.join(', ')}`;
  if (names.length > known.length) throw new AppError('invalid_params', `The parameter ${name} names at most ${known.length} names, each once; ${knownList}.`);
  const unknown = names.filter((part) => !(known as readonly string[]).includes(part));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, NAMED_BACK).map((part) => JSON.stringify(part.length > 40 ? `${part.slice(0, 40)}…` : part)).join(', ');
    throw new AppError('invalid_params', `The parameter ${name} names ${unknown.length === 1 ? 'an unknown name' : 'unknown names'}: ${shown}${unknown.length > NAMED_BACK ? ' and more' : ''}; ${knownList}.`);
  }
  const twice = names.find((part, index) => names.indexOf(part) !== index);
  if (twice !== undefined) throw new AppError('invalid_params', `The parameter ${name} names ${twice} twice; name each once.`);
  return names as T[];
}
