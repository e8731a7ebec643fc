// "Assistants' changes to published entries wait too" (`approval_live` in site.yaml, off by default, so the
// specification's behaviour stays the default): with it on, content_update and content_style through MCP on a
// published or scheduled entry leave the public text as it is; the change is kept as pending
// (content/pending-changes.ts) and waits for a person under Waiting for approval (live-approval.ts), as
// drafts do. A second pending change replaces the first: the first is kept as a revision (or a CSS version),
// so both stay. People in the panel are never held.
//
// Each proposal keeps beside it the version stamp (version-stamp.ts) of the live text it was based on
// (`<lang>.md.base`, `style.css.base`; names the pending list passes over), taken of what publishing it
// replaces: not of the fields the service keeps (a scheduled time passing changes nothing it would undo).
// Once that changed after the proposal was based (a person saved a fix), the proposal is outdated:
// publishing it would silently undo the later change, so it is refused (live-approval.ts), and a new
// proposal no longer builds on it but on the live text as it is now. We refuse rather than merge, as Ghost
// refuses a save over a newer one: a merge would publish text nobody wrote nor judged.
import { dirname, join } from 'node:path';
import { chooseFreeName, type CheckedUpload } from '../media.js';
import { parseFrontMatter, serializeFrontMatter } from '../entries/front-matter.js';
import { pendingFile, pendingMediaFile } from '../pending-changes.js';
import { saveRevision, saveStyleVersion } from '../revisions.js';
import { loadSiteConfig } from '../settings/site-config.js';
import type { Entry, EntryStatus } from '../entries/types.js';
import { isProtectedField } from './field-rules.js';
import { versionOf } from './version-stamp.js';
import { recordChange, storageOf } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

export const MEDIA_WAITING_MESSAGE = 'The entry is published and assistants\' changes to published entries wait for approval on this site: the image is kept aside and served at this address once a person publishes it under Waiting for approval.';

export const WAITING_MESSAGE = 'The entry is published and assistants\' changes to published entries wait for approval on this site: the public text is unchanged; a person publishes the change or sends it back under Waiting for approval.';

/** Said beside WAITING_MESSAGE when the change waiting before was outdated and this one replaced it (proposeText keeps it as a revision). */
export const SET_ASIDE_MESSAGE = 'The change that was waiting before was based on a text a person has changed since: it was set aside (kept as a revision, not published) and this change builds on the public text as it is now, without that one\'s edits; send them again if they are still wanted.';

/** Read from site.yaml itself (as approval mode is): a change right after the switch must see it. */
export function isLiveApprovalOn(context: WriteContext): boolean {
  try {
    return loadSiteConfig(join(context.store.contentDir, 'site.yaml'), context.store.trustedFolders, (file) => storageOf(context).readText(file)).approvalLive;
  } catch {
    return false;
  }
}

/** Whether a change by `actor` to something public in this state waits instead of going live. */
export function holdsLiveChange(context: WriteContext, actor: Actor, status: EntryStatus | 'any-public'): boolean {
  return actor.via === 'mcp' && status !== 'draft' && isLiveApprovalOn(context);
}

/** The waiting change's text as proposed, or null without one. */
export function readProposal(context: WriteContext, id: string, language: string | null): string | null {
  const storage = storageOf(context);
  const file = pendingFile(context.dataDir, id, language);
  return storage.exists(file) ? storage.readText(file) : null;
}

/** Where the version of the live text a proposal was based on is kept: beside the proposal. */
function baseFile(context: WriteContext, id: string, language: string | null): string {
  return `${pendingFile(context.dataDir, id, language)}.base`;
}

/** The version of the live text the waiting change was based on; undefined for one kept before svc noted it. */
export function proposalBase(context: WriteContext, id: string, language: string | null): string | undefined {
  const storage = storageOf(context);
  const file = baseFile(context, id, language);
  return storage.exists(file) ? storage.readText(file).trim() : undefined;
}

/** The live text of a translation (`language`) or the entry's CSS (null), or null when there is none. */
export function liveTextOf(context: WriteContext, entry: Entry, language: string | null): string | null {
  const file = language === null ? join(entry.dir, 'style.css') : entry.translations.get(language)?.file;
  const storage = storageOf(context);
  return file !== undefined && storage.exists(file) ? storage.readText(file) : null;
}

/**
 * The version of what publishing a proposal replaces in the live text: a translation's title, body and the
 * fields people and assistants set, not those the service keeps as they are (status, published, author...);
 * the whole CSS.
 */
function baseVersionOf(liveText: string | null, language: string | null): string {
  if (liveText === null || language === null) return versionOf(liveText);
  try {
    const { fields, body } = parseFrontMatter(liveText);
    return versionOf(serializeFrontMatter(Object.fromEntries(Object.entries(fields).filter(([key]) => !isProtectedField(key))), body));
  } catch {
    return versionOf(liveText);
  }
}

/** Whether the live text changed after the waiting change was based on it (base: proposalBase). */
export function isOutdated(base: string | undefined, liveText: string | null, language: string | null): boolean {
  return base !== undefined && base !== baseVersionOf(liveText, language);
}

/**
 * The waiting change a new change to the translation builds on (update-entry.ts): its text, or null without
 * one, or when it is outdated: a new change then builds on the live text as it is now, and proposeText keeps
 * the outdated one as a revision.
 */
export function readPending(context: WriteContext, id: string, language: string | null): string | null {
  const text = readProposal(context, id, language);
  if (text === null) return null;
  const entry = context.store.entry(id);
  return entry && isOutdated(proposalBase(context, id, language), liveTextOf(context, entry, language), language) ? null : text;
}

/** Notes the live text the proposal just kept is based on (after it: a crash between leaves it outdated, never wrongly current). */
function noteBase(context: WriteContext, id: string, language: string | null): void {
  const entry = context.store.entry(id);
  storageOf(context).writeAtomic(baseFile(context, id, language), baseVersionOf(entry ? liveTextOf(context, entry, language) : null, language), 0o600);
}

/** Removes the waiting change and its base if the change is still `text` (a newer one that came meanwhile stays). */
export function removeProposal(context: WriteContext, id: string, language: string | null, text: string): boolean {
  const storage = storageOf(context);
  if (readProposal(context, id, language) !== text) return false;
  storage.remove(pendingFile(context.dataDir, id, language));
  if (storage.exists(baseFile(context, id, language))) storage.remove(baseFile(context, id, language));
  return true;
}

/** What the history says of a proposal that replaces `replaced` (null: the first one). */
function replacing(context: WriteContext, id: string, language: string | null, replaced: string | null): string {
  const [what, change, kept] = language === null ? ['CSS waits for approval', 'CSS', 'version'] : ['waits for approval', 'change', 'revision'];
  if (replaced === null) return what;
  if (readPending(context, id, language) === null) return `${what}; built on the live ${language === null ? 'CSS' : 'text'} as it is now, which changed after the ${change} proposed before (that one is kept as a ${kept})`;
  return `${what}; replaces the ${change} proposed before (kept as a ${kept})`;
}

/** Keeps a proposed translation (called inside the entry's lock by update-entry); the one it replaces becomes a revision. */
export function proposeText(context: WriteContext, actor: Actor, id: string, language: string, fields: Record<string, unknown>, body: string): void {
  const storage = storageOf(context);
  const replaced = readProposal(context, id, language);
  const detail = replacing(context, id, language, replaced);
  if (replaced !== null) saveRevision(context.dataDir, id, language, context.clock(), replaced, storage);
  storage.writeAtomic(pendingFile(context.dataDir, id, language), serializeFrontMatter(fields, body), 0o600);
  noteBase(context, id, language);
  recordChange(context, actor, 'propose_change', id, language, detail, { servedChanged: false });
}

/** Keeps proposed CSS (inside the entry's lock, by style-entry); the CSS it replaces becomes a version. */
export function proposeStyle(context: WriteContext, actor: Actor, id: string, css: string): void {
  const storage = storageOf(context);
  const replaced = readProposal(context, id, null);
  const detail = replacing(context, id, null, replaced);
  if (replaced !== null) saveStyleVersion(context.dataDir, id, context.clock(), replaced, storage);
  storage.writeAtomic(pendingFile(context.dataDir, id, null), css, 0o600);
  noteBase(context, id, null);
  recordChange(context, actor, 'propose_change', id, null, detail, { servedChanged: false });
}


/** Keeps an image uploaded for a live entry (inside the entry's lock, by upload-media) under a name free in both folders. */
export function proposeMedia(context: WriteContext, actor: Actor, id: string, upload: CheckedUpload, liveDir: string): string {
  const storage = storageOf(context);
  const waitingDir = dirname(pendingMediaFile(context.dataDir, id, 'x'));
  let name = upload.fileName;
  for (;;) {
    const free = chooseFreeName(waitingDir, chooseFreeName(liveDir, name, storage), storage);
    if (free === name) break;
    name = free;
  }
  storage.writeAtomic(join(waitingDir, name), upload.bytes, 0o600);
  recordChange(context, actor, 'propose_change', id, null, `${name} waits for approval`, { servedChanged: false });
  return name;
}
