// The site's general settings from the panel (settings.manage): title, description, address, languages and
// the default, time zone, closed site, written through site-yaml-edit.ts (comments and order kept, checked,
// atomic, versioned). A change that would break the site is refused with the reason.
import { AppError } from '../../errors.js';
import { isValidTimeZone, timeZoneCased } from '../../lib/time-zone.js';
import { addressPartsProblem } from '../../lib/site-address.js';
import { editSiteYaml, requireSettingsRight, setIfChanged } from './site-yaml-edit.js';
import { languageCodeProblem } from '../settings/site-addresses.js';
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
  if (!['http:', 'https:'].includes(url.protocol) || input.url.length > 300) throw invalid('The address must begin with https:// or http:// and be at most 300 characters.');
  // As --base-url, `svc init --url` and site.yaml (lib/site-address.ts): no user name, password, query or fragment.
  const parts = addressPartsProblem(input.url);
  if (parts !== null) throw invalid(`The address ${parts}.`);
  if (input.timezone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(input.timezone) || input.timezone.includes('..') || !isValidTimeZone(input.timezone)) {
    throw invalid(`"${input.timezone.slice(0, 64)}" is not a time zone; use a name such as Europe/Berlin or UTC.`);
  }
  if (input.languages.length === 0) throw invalid('Name at least one language.');
  if (input.languages.length > 50) throw invalid('At most 50 languages.');
  const seen = new Set<string>();
  // Language tags are the same whatever their case (BCP 47): de-AT and de-at would be two home pages and
  // two hreflang alternates of one language, and one file on a file system that ignores case.
  const seenAnyCase = new Map<string, string>();
  for (const [code, name] of input.languages) {
    if (code.length > 20 || !LANGUAGE.test(code)) throw invalid(`"${code.slice(0, 20)}${code.length > 20 ? '…' : ''}" is not a language code; use codes such as en, de or pt-BR.`);
    if (seen.has(code)) throw invalid(`The language ${code} is named twice.`);
    const earlier = seenAnyCase.get(code.toLowerCase());
    if (earlier !== undefined) throw invalid(`The languages ${earlier} and ${code} are one language (a code means the same in any case); name it once.`);
    seen.add(code);
    seenAnyCase.set(code.toLowerCase(), code);
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

/**
 * A language added takes `/<code>` for its home page: one of the site's own addresses, a type's list or an
 * entry's page there would be hidden by it (or hide it). Languages already in site.yaml are left to `svc check`.
 */
function refuseTakenAddress(context: WriteContext, code: string): void {
  const problem = languageCodeProblem(context.store.site(), code);
  if (problem !== null) throw invalid(`The language ${code} cannot be added: ${problem}. Nothing was saved.`);
  const found = context.store.atPath(`/${code}`);
  if (found) throw new AppError('conflict', `The language ${code} cannot be added: /${code} is the address of the entry ${found.entry.id}, which the language's home page would hide; give that entry another slug first. Nothing was saved.`);
}

/** Saves the settings; `expectedVersion` is the version of site.yaml the form was filled from. */
export function saveSettings(context: WriteContext, actor: Actor, input: SettingsInput, expectedVersion: string): string[] {
  requireSettingsRight(actor);
  checkInput(input);
  return editSiteYaml(context, actor, expectedVersion, (draft) => {
    const { document, before } = draft;
    const oldLanguages = Object.keys((before.languages ?? {}) as Record<string, unknown>);
    const wanted = new Map(input.languages);
    const removed = oldLanguages.filter((code) => !wanted.has(code));
    const inUse = languagesInUse(context, removed);
    if (inUse.length > 0) throw new AppError('conflict', `Entries still use ${inUse.join(', ')}; delete or move those translations before removing the language. Nothing was saved.`);
    for (const code of wanted.keys()) if (!oldLanguages.includes(code)) refuseTakenAddress(context, code);
    const changed: string[] = [];
    setIfChanged(draft, ['title'], input.title.trim(), changed);
    setIfChanged(draft, ['description'], input.description.trim(), changed);
    setIfChanged(draft, ['url'], input.url.replace(/\/+$/, ''), changed);
    setIfChanged(draft, ['timezone'], timeZoneCased(input.timezone), changed);
    setIfChanged(draft, ['default_language'], input.defaultLanguage, changed);
    setIfChanged(draft, ['closed'], input.closed, changed);
    // Languages one by one, so a comment beside one stays with it.
    const languageChanges = [...removed.map((code) => () => document.deleteIn(['languages', code])),
      ...input.languages.filter(([code, name]) => (before.languages as Record<string, unknown> | undefined)?.[code] !== name).map(([code, name]) => () => document.setIn(['languages', code], name))];
    for (const change of languageChanges) change();
    if (languageChanges.length > 0) changed.push('languages');
    // A removed language's own menu goes with it (it has no pages left to link to).
    for (const code of removed) if (document.hasIn(['navigation', code])) document.deleteIn(['navigation', code]);
    return changed;
  });
}
