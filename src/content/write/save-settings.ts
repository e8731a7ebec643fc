// The site's settings from the panel (settings.manage): title, description, address, languages and the
// default, time zone, closed site. content/site.yaml is edited as a YAML document (the `yaml` package), so its
// comments and the order of everything stay as the person wrote them, and written atomically under the site's
// lock; the result is checked by the same rules as at start (site-config.ts) before it is written. A change
// that would break the site is refused with the reason; the form carries the version of the file it was
// filled from, so two admins saving at once never overwrite each other unseen.
import { join } from 'node:path';
import { parse, parseDocument } from 'yaml';
import { AppError } from '../../errors.js';
import { isValidTimeZone } from '../../lib/time-zone.js';
import { buildSiteConfig } from '../settings/site-config.js';
import { refuseIfChanged } from './version-stamp.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export interface SettingsInput {
  title: string;
  description: string;
  url: string;
  timezone: string;
  /** Code to name, in the order wanted. */
  languages: Array<[code: string, name: string]>;
  defaultLanguage: string;
  closed: boolean;
}

const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

function invalid(message: string): AppError {
  return new AppError('invalid_params', message);
}

function checkInput(input: SettingsInput): void {
  if (input.title.trim() === '' || input.title.length > 200 || CONTROL.test(input.title)) throw invalid('The title must be 1 to 200 characters, on one line.');
  if (input.description.length > 1000 || /[\u0000-\u0008\u000b-\u001f\u007f]/.test(input.description)) throw invalid('The description must be at most 1,000 characters.');
  let url: URL;
  try { url = new URL(input.url); } catch { throw invalid('The address must be a whole address such as https://example.org.'); }
  if (!['http:', 'https:'].includes(url.protocol) || input.url.length > 300 || url.search || url.hash) throw invalid('The address must begin with https:// or http:// and have no ? or # part.');
  if (input.timezone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(input.timezone) || input.timezone.includes('..') || !isValidTimeZone(input.timezone)) {
    throw invalid(`"${input.timezone.slice(0, 64)}" is not a time zone; use a name such as Europe/Berlin or UTC.`);
  }
  if (input.languages.length === 0) throw invalid('Name at least one language.');
  if (input.languages.length > 50) throw invalid('At most 50 languages.');
  const seen = new Set<string>();
  for (const [code, name] of input.languages) {
    if (code.length > 20 || !LANGUAGE.test(code)) throw invalid(`"${code.slice(0, 20)}${code.length > 20 ? '…' : ''}" is not a language code; use codes such as en, de or pt-BR.`);
    if (seen.has(code)) throw invalid(`The language ${code} is named twice.`);
    seen.add(code);
    if (name.trim() === '' || name.length > 60 || CONTROL.test(name)) throw invalid(`The name of ${code} must be 1 to 60 characters.`);
  }
  if (!seen.has(input.defaultLanguage)) throw invalid('The default language must be one of the languages.');
}

/** Entries per language that the change would leave without their language. */
function languagesInUse(context: WriteContext, removed: string[]): string[] {
  if (removed.length === 0) return [];
  const counts = new Map<string, number>();
  for (const entry of context.store.entries()) {
    for (const language of entry.translations.keys()) if (removed.includes(language)) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts].map(([language, count]) => `${language} (${count} ${count === 1 ? 'entry' : 'entries'})`);
}

/** Saves the settings; `expectedVersion` is the version of site.yaml the form was filled from. */
export function saveSettings(context: WriteContext, actor: Actor, input: SettingsInput, expectedVersion: string): string[] {
  if (!actor.principal.capabilities.has('settings.manage')) throw new AppError('forbidden', `Your role (${actor.principal.role}) may not change the site's settings.`);
  checkInput(input);
  return withEntryLock(context, 'site', () => {
    const storage = storageOf(context);
    const file = join(context.store.contentDir, 'site.yaml');
    const text = storage.readText(file);
    refuseIfChanged(expectedVersion, text, 'The settings were changed by someone else since you opened this page; nothing was saved. The form below shows them as they are now with your values: check them, then save again.');
    const document = parseDocument(text);
    const before = (parse(text) ?? {}) as Record<string, unknown>;
    const oldLanguages = Object.keys((before.languages ?? {}) as Record<string, unknown>);
    const wanted = new Map(input.languages);
    const inUse = languagesInUse(context, oldLanguages.filter((code) => !wanted.has(code)));
    if (inUse.length > 0) throw new AppError('conflict', `Entries still use ${inUse.join(', ')}; delete or move those translations before removing the language. Nothing was saved.`);
    const changed: string[] = [];
    const set = (key: string, value: unknown) => {
      // A key left out means its default (false, empty): setting the default writes nothing.
      if (JSON.stringify(before[key]) === JSON.stringify(value) || (before[key] === undefined && (value === false || value === ''))) return;
      document.set(key, value);
      changed.push(key);
    };
    set('title', input.title.trim());
    set('description', input.description.trim());
    set('url', input.url.replace(/\/+$/, ''));
    set('timezone', input.timezone);
    set('default_language', input.defaultLanguage);
    set('closed', input.closed);
    // Languages one by one, so a comment beside one stays with it.
    const languageChanges = [...oldLanguages.filter((code) => !wanted.has(code)).map((code) => () => document.deleteIn(['languages', code])),
      ...input.languages.filter(([code, name]) => (before.languages as Record<string, unknown> | undefined)?.[code] !== name).map(([code, name]) => () => document.setIn(['languages', code], name))];
    for (const change of languageChanges) change();
    if (languageChanges.length > 0) changed.push('languages');
    if (changed.length === 0) return [];
    const next = document.toString();
    try {
      buildSiteConfig(parse(next));
    } catch (error) {
      throw invalid(`The settings would not be valid: ${(error as Error).message}. Nothing was saved.`);
    }
    storage.writeAtomic(file, next);
    // Seen at the next read in this process, not only after the stamp check's interval: new settings make
    // every path again anyway (index-freshness.ts), which is what a full pass does.
    context.store.invalidate();
    recordChange(context, actor, 'settings', null, null, `changed ${changed.join(', ')}`);
    return changed;
  });
}
