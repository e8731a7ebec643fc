import { join } from 'node:path';
import { AppError } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import { formatSiteTime } from '../../lib/time-zone.js';
import { canEditEntry } from '../content-rights.js';
import type { Entry, EntryStatus, Translation } from '../entries/types.js';
import type { HistoryAction } from '../history.js';
import { categoryFieldKeys, checkFields, refuseBadTitle, refuseLoneSurrogates, refuseProtectedFields, sharedFieldKeys } from './field-rules.js';
import { readTranslationFile, writeTranslationFile, type TranslationFile } from './translation-file.js';
import { checkAddressChange, checkTranslationAddress, ownSlugOf } from './slug-rules.js';
import { refuseIfChanged, staleTranslationSentence } from './version-stamp.js';
import { holdsLiveChange, proposeText, readPending, readProposal } from './live-proposals.js';
import { parseFrontMatter } from '../entries/front-matter.js';
import { noSuchEntry, recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export interface UpdateEntryInput {
  entry: Entry;
  language: string;
  /** How the history names the change of this translation (a restore); `update` when absent. */
  recordAs?: { action: HistoryAction; detail: string };
  title?: string;
  body?: string;
  /** Fields to set; null removes one. */
  fields?: Record<string, unknown>;
  /** The version (version-stamp.ts) of the file the change was made from: refused when it changed since. */
  expectedVersion?: string;
}

export interface UpdateEntryResult {
  id: string;
  language: string;
  status: EntryStatus;
  url: string;
  /** True when the language was added as a new draft translation. */
  added: boolean;
  /** Approval of live changes held it back: the public text is unchanged, the change waits for a person. */
  waiting?: boolean;
  /** It replaced a waiting change that was outdated (live-proposals.ts): that one's edits are not in it. */
  setAside?: boolean;
}

/** The entry as on disk right now (inside the lock), or not_found when it went away meanwhile. */
export function freshEntry(context: WriteContext, id: string): Entry {
  // store.entry() reads the entry's files again, so another process's write a moment ago is seen.
  const entry = context.store.entry(id);
  if (!entry) throw noSuchEntry(id);
  return entry;
}

export function refuseUnless(decision: { allowed: true } | { allowed: false; reason: string }): void {
  if (!decision.allowed) throw new AppError('forbidden', decision.reason);
}

/** An edit of one translation: what content_update and the panel's edit forms send. */
export type TranslationEdit = Pick<UpdateEntryInput, 'title' | 'body' | 'fields' | 'expectedVersion'>;

/** The rules of the edit's own values, whatever translation it goes to. */
function checkEditValues(edit: TranslationEdit): void {
  const changes = edit.fields ?? {};
  refuseProtectedFields(changes);
  refuseLoneSurrogates({ title: edit.title, body: edit.body, fields: changes });
  if (edit.title === undefined && edit.body === undefined && Object.keys(changes).length === 0) {
    throw new AppError('invalid_params', 'Nothing to change: give a title, a body or fields.');
  }
  if (edit.title !== undefined && edit.title.trim() === '') throw new AppError('invalid_params', 'The title cannot be empty.');
  if ('title' in changes && (typeof changes.title !== 'string' || changes.title.trim() === '')) throw new AppError('invalid_params', 'The title cannot be removed or empty.');
  // Only a title being given is judged: a body saved under an older, longer title is not refused for it.
  for (const title of [edit.title, changes.title]) if (typeof title === 'string') refuseBadTitle(title);
}

/** Changes one translation (keeping the previous file as a revision) or adds a missing one as a draft. */
export function updateEntry(context: WriteContext, actor: Actor, input: UpdateEntryInput): UpdateEntryResult {
  // Judged before the lock is taken, so a refused value waits for no one; checkTranslationEdit judges them
  // again (a few string checks), so that it holds every rule when the panel calls it on its own.
  checkEditValues(input);
  const changes = input.fields ?? {};
  const id = input.entry.id;
  return withEntryLock(context, id, () => {
    const entry = freshEntry(context, id);
    const translation = entry.translations.get(input.language);
    const result = translation
      ? changeTranslation(context, actor, entry, translation, input)
      : addTranslation(context, actor, entry, input, changes);
    const after = context.store.entry(id)?.translations.get(input.language);
    const held = result === 'waiting' || result === 'waiting, outdated set aside';
    const waiting = held ? { waiting: true, ...(result === 'waiting' ? {} : { setAside: true }) } : {};
    return { id, language: input.language, status: after?.status ?? (held ? translation!.status : result as EntryStatus), url: context.store.absoluteUrl(after?.path ?? '/'), added: !translation, ...waiting };
  });
}

function splitChanges(changes: Record<string, unknown>): { set: Record<string, unknown>; removed: string[] } {
  const set: Record<string, unknown> = {};
  const removed: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) removed.push(key);
    else set[key] = value;
  }
  return { set, removed };
}

/** An edit judged by every rule, ready to write: nothing of it is written yet. */
export interface CheckedEdit {
  /** The translation's file as read. */
  current: TranslationFile;
  /** The front matter and body the file would have. */
  fields: Record<string, unknown>;
  body: string;
  /** Approval of live changes holds it back: it becomes a proposal, not the file. */
  held: boolean;
  /** Held, and the change waiting before it was outdated: this one builds on the live text, not on that. */
  setAside: boolean;
  /** Fields kept the same in every language, and the other translations they would change. */
  sync: SharedFieldsPlan;
}

/**
 * Every rule an edit of an existing translation must pass, judged without writing: the write path calls it
 * inside the entry's lock just before it writes, and the panel calls it alone where the edit is saved only
 * after another write (Unpublish saves the typed edits into the draft it makes), so a refused edit is
 * refused before anything changes. `asDraft` judges the translation as the draft it is about to become.
 * One set of rules for both: a copy in the panel would drift from the one that writes.
 */
export function checkTranslationEdit(context: WriteContext, actor: Actor, entry: Entry, translation: Translation, edit: TranslationEdit, { asDraft: draft = false } = {}): CheckedEdit {
  checkEditValues(edit);
  const judged = draft ? asDraft(translation) : translation;
  refuseUnless(canEditEntry(actor.principal, entry, judged));
  const site = context.store.site();
  const current = readTranslationFile(context, translation.file);
  refuseIfChanged(edit.expectedVersion, current.text, staleTranslationSentence(entry.id, translation.language));
  // An assistant's change to a live text may have to wait (live-proposals.ts): it builds on the change
  // already waiting, if any, so two partial changes add up.
  const held = holdsLiveChange(context, actor, judged.status);
  const waiting = held ? readPending(context, entry.id, translation.language) : null;
  const setAside = held && waiting === null && readProposal(context, entry.id, translation.language) !== null;
  const base = waiting === null ? current : parseFrontMatter(waiting);
  const { set, removed } = splitChanges(edit.fields ?? {});
  const fields: Record<string, unknown> = { ...base.fields };
  for (const key of removed) delete fields[key];
  Object.assign(fields, set);
  if (edit.title !== undefined) fields.title = edit.title;
  // (checkFields below sees the removed keys too: removing a required field of the category is refused.)
  // A scheduled translation whose time has come is published (D2); the rewrite makes that lasting.
  if (judged.status === 'published' && fields.status === 'scheduled') fields.status = 'published';
  checkFields(site, entry.type, set, fields, false, removed);
  // Setting, changing or removing the slug (a restore too) moves the address: the new one must be free.
  checkAddressChange(context.store, entry, translation.language, current.fields, fields);
  // Fields kept the same in every language follow when a person publishes a held change, not before.
  // Planned (and refused) before anything is written: a shared field must not reach a translation this
  // person may not change, such as someone else's published one.
  const sync = held ? { shared: [], writes: [] } : planSharedFields(context, actor, entry, translation.language, fields, [...Object.keys(set), ...removed]);
  return { current, fields, body: edit.body ?? base.body, held, setAside, sync };
}

function changeTranslation(context: WriteContext, actor: Actor, entry: Entry, translation: Translation, input: UpdateEntryInput): EntryStatus | 'waiting' | 'waiting, outdated set aside' {
  const edit = checkTranslationEdit(context, actor, entry, translation, input);
  if (edit.held) {
    proposeText(context, actor, entry.id, translation.language, edit.fields, edit.body);
    return edit.setAside ? 'waiting, outdated set aside' : 'waiting';
  }
  writeTranslationFile(context, entry.id, translation.language, translation.file, edit.current.text, edit.fields, edit.body);
  recordChange(context, actor, input.recordAs?.action ?? 'update', entry.id, translation.language, input.recordAs?.detail);
  for (const write of edit.sync.writes) {
    writeTranslationFile(context, entry.id, write.language, write.file, write.text, write.fields, write.body);
    recordChange(context, actor, 'update', entry.id, write.language, `kept ${edit.sync.shared.join(', ')} the same as in ${translation.language}`);
  }
  return translation.status;
}

/**
 * Fields the category keeps the same in every language follow a change into the other translations. Every
 * translation that would change must be one this person may change (canEditEntry), or nothing is written.
 */
interface SharedFieldsPlan {
  shared: string[];
  writes: { language: string; file: string; text: string; fields: Record<string, unknown>; body: string }[];
}

function planSharedFields(context: WriteContext, actor: Actor, entry: Entry, language: string, fields: Record<string, unknown>, changedKeys: string[]): SharedFieldsPlan {
  const shared = sharedFieldKeys(context.store.site(), fields).filter((key) => key !== 'category' && changedKeys.includes(key));
  const writes: SharedFieldsPlan['writes'] = [];
  if (shared.length === 0) return { shared, writes };
  for (const other of entry.translations.values()) {
    if (other.language === language) continue;
    const current = readTranslationFile(context, other.file);
    const next = { ...current.fields };
    let differs = false;
    for (const key of shared) {
      if (JSON.stringify(next[key]) === JSON.stringify(fields[key])) continue;
      differs = true;
      if (fields[key] === undefined) delete next[key];
      else next[key] = fields[key];
    }
    if (!differs) continue;
    const right = canEditEntry(actor.principal, entry, other);
    if (!right.allowed) {
      throw new AppError('forbidden', `${shared.join(', ')} ${shared.length === 1 ? 'is' : 'are'} kept the same in every language, and the ${other.language} translation cannot be changed by you: ${right.reason} Nothing was changed.`);
    }
    writes.push({ language: other.language, file: other.file, text: current.text, fields: next, body: current.body });
  }
  return { shared, writes };
}

/**
 * May this person add a translation to the entry (content_update with a new language, the panel's form)? A
 * new translation is a draft: nothing goes live, so ownership (of the default translation) matters, not
 * the publish right.
 */
export function canAddTranslation(principal: Principal, entry: Entry, defaultLanguage: string): { allowed: true } | { allowed: false; reason: string } {
  const source = entry.translations.get(defaultLanguage) ?? entry.translations.values().next().value!;
  return canEditEntry(principal, entry, asDraft(source));
}

/**
 * The translation as a draft, everything else read from it. Not `{ ...translation, status: 'draft' }`: a
 * translation of the persisted index reads its fields (author among them) through getters on its
 * prototype (list-engine/translation-columns.ts), which a spread leaves behind, so the copy had no author
 * and its owner was refused as someone else until the entry was saved once.
 */
function asDraft(translation: Translation): Translation {
  return Object.create(translation, { status: { value: 'draft', enumerable: true } }) as Translation;
}

function addTranslation(context: WriteContext, actor: Actor, entry: Entry, input: UpdateEntryInput, changes: Record<string, unknown>): EntryStatus {
  const site = context.store.site();
  const source = entry.translations.get(site.defaultLanguage) ?? entry.translations.values().next().value!;
  refuseUnless(canAddTranslation(actor.principal, entry, site.defaultLanguage));
  const title = input.title ?? (typeof changes.title === 'string' ? changes.title : undefined);
  if (title === undefined) throw new AppError('invalid_params', `The entry has no ${input.language} translation yet; give a title to add one.`);
  const { set } = splitChanges(changes);
  const copied = Object.fromEntries(categoryFieldKeys(site, source.fields).filter((key) => source.fields[key] !== undefined).map((key) => [key, source.fields[key]]));
  const fields: Record<string, unknown> = {
    title,
    status: 'draft',
    date: formatSiteTime(context.clock(), site.timezone),
    author: actor.principal.accountId,
    ...(actor.via === 'mcp' ? { via: 'mcp' } : {}),
    ...copied,
    ...set,
  };
  fields.title = title;
  checkFields(site, entry.type, set, fields, true);
  // With its own slug or its folder's name, the new translation's address must be no other entry's.
  checkTranslationAddress(context.store, entry, input.language, ownSlugOf(fields));
  const file = join(entry.dir, `${input.language}.md`);
  // The store skips a file it cannot read; writing a "new" translation over it would lose its text.
  if (storageOf(context).exists(file)) throw new AppError('conflict', `The ${input.language} file of ${entry.id} exists but cannot be read (broken front matter or not UTF-8); fix it in the panel or on disk first.`);
  writeTranslationFile(context, entry.id, input.language, file, null, fields, input.body ?? '');
  recordChange(context, actor, 'add_translation', entry.id, input.language);
  return 'draft';
}
