import { join } from 'node:path';
import { AppError } from '../../errors.js';
import { cleanCss } from '../../lib/css/clean-css.js';
import { canEditEntry } from '../content-rights.js';
import { parseFrontMatter } from '../entries/front-matter.js';
import { readRevision, readStyleVersion, saveStyleVersion } from '../revisions.js';
import type { Entry } from '../entries/types.js';
import { isProtectedField } from './field-rules.js';
import { addressOwner, addressWith, ownSlugOf } from './slug-rules.js';
import { readTranslationFile } from './translation-file.js';
import { freshEntry, refuseUnless, updateEntry } from './update-entry.js';
import { recordChange, storageOf, withEntryLock } from './write-context.js';
import type { Actor, WriteContext } from './write-context.js';

// Restore: an earlier version of a translation's text, or of the entry's CSS, becomes the current one. The
// current text is kept as a revision first (so a restore can be undone by restoring again), and the
// history records it as a restore. A restore brings back what was written (title, body, fields), never
// the state: status, author, via, published, review and date stay as they are now, so a restore neither
// publishes nor unpublishes anything, and needs the same rights as editing the translation.

const NOTHING = 'This version is the same as the current one; nothing was changed.';

/** Restores revision `revisionId` of the `language` translation. */
export function restoreRevision(context: WriteContext, actor: Actor, entry: Entry, language: string, revisionId: string): void {
  const text = readRevision(context.store.trustedFolders, context.dataDir, entry.id, language, revisionId);
  let old;
  try {
    old = parseFrontMatter(text);
  } catch {
    throw new AppError('conflict', 'This version cannot be restored: its front matter cannot be read.');
  }
  if (typeof old.fields.title !== 'string' || old.fields.title.trim() === '') throw new AppError('conflict', 'This version cannot be restored: it has no title.');
  const fresh = freshEntry(context, entry.id);
  const translation = fresh.translations.get(language);
  if (!translation) throw new AppError('not_found', `${entry.id} has no ${language} translation any more; there is nothing to restore into.`);
  refuseUnless(canEditEntry(actor.principal, fresh, translation));
  const current = readTranslationFile(context, translation.file);
  // Every field of the revision is set (not only those that differ now) and every other field removed, so
  // a change made between this read and the write below cannot leave a mix of the two versions.
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(old.fields)) if (key !== 'title' && !isProtectedField(key)) fields[key] = value;
  for (const key of Object.keys(current.fields)) if (key !== 'title' && !isProtectedField(key) && !(key in old.fields)) fields[key] = null;
  const title = old.fields.title as string;
  const same = Object.entries(fields).every(([key, value]) => JSON.stringify(current.fields[key] ?? null) === JSON.stringify(value));
  if (same && title === current.fields.title && old.body === current.body) throw new AppError('conflict', NOTHING);
  refuseTakenAddress(context, fresh, language, old.fields, current.fields);
  // The update runs every rule of a change (rights again, field checks, slugs, fields kept the same in
  // every language) under the entry's lock, and keeps the current text as a revision first.
  updateEntry(context, actor, { entry: fresh, language, title, body: old.body, fields, recordAs: { action: 'restore', detail: `restored the version kept at ${revisionId}` } });
}

/**
 * A version with another slug (or none) puts the translation at another address, which another entry may
 * have taken since: refused with what to do, as a restore never leaves two entries at one address. (The
 * update below checks it again, inside the lock, in the words of an edit.)
 */
function refuseTakenAddress(context: WriteContext, entry: Entry, language: string, restored: Record<string, unknown>, current: Record<string, unknown>): void {
  const site = context.store.site();
  const slug = ownSlugOf(restored);
  if (addressWith(site, entry, language, slug) === addressWith(site, entry, language, ownSlugOf(current))) return;
  const taken = addressOwner(context.store, entry, language, slug);
  if (taken) throw new AppError('conflict', `This version would put ${entry.id} at ${taken.path}, which ${taken.owner} uses now; change that entry's slug first, or edit this one's instead of restoring.`);
}

/** Restores CSS version `versionId` of the entry (cleaned again, as every saved CSS is). */
export function restoreStyleVersion(context: WriteContext, actor: Actor, entry: Entry, versionId: string): void {
  const css = cleanCss(readStyleVersion(context.store.trustedFolders, context.dataDir, entry.id, versionId)).css;
  withEntryLock(context, entry.id, () => {
    const fresh = freshEntry(context, entry.id);
    refuseUnless(canEditEntry(actor.principal, fresh, undefined));
    const storage = storageOf(context);
    const file = join(fresh.dir, 'style.css');
    const previous = storage.exists(file) ? storage.readText(file) : null;
    if ((previous ?? '') === css) throw new AppError('conflict', NOTHING);
    if (previous !== null) saveStyleVersion(context.dataDir, entry.id, context.clock(), previous, storage);
    if (css.trim() === '') storage.remove(file);
    else storage.writeAtomic(file, css);
    context.store.invalidate(entry.id);
    recordChange(context, actor, 'restore', entry.id, null, `restored the CSS version kept at ${versionId}`);
  });
}
