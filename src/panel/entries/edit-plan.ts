// What an edit form asks for, judged against the translation's file as it is now: the values sent (inputs a
// form lacks keep the file's), the changes they make (none, or refused when the form came from an older
// version of the file), and the save. The Save, Publish and Unpublish buttons use it, and so does the
// editor's save without a reload (Ctrl+S, autosave).
import type { PanelDeps } from '../panel-deps.js';
import { AppError } from '../../errors.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { updateEntry } from '../../content/write/update-entry.js';
import { staleTranslationSentence } from '../../content/write/version-stamp.js';
import { panelActor } from '../panel-principal.js';
import type { PanelSession } from '../panel-session.js';
import { changesOf, editValuesFromFile, editValuesFromForm, hasEditInputs, isEmptyChange, type EditChanges } from './edit-values.js';
import type { EntryPage } from './entry-page.js';
import { words } from '../words/panel-words.js';

export function createEditPlan(deps: PanelDeps, page: EntryPage) {
  const { context } = page;

  /** The sent form's values (inputs it lacks keep the file's) and the file they are judged against. */
  const sentValues = (translation: Translation, form: URLSearchParams) => {
    const site = deps.content.site();
    const snapshot = page.snapshotOf(translation);
    return { sent: editValuesFromForm(site, form, editValuesFromFile(site, snapshot, new Set())), snapshot };
  };

  /** The changes the form asks for, or null for none; refused when the form is from an older file. */
  const planEdits = (entry: Entry, translation: Translation, form: URLSearchParams, { sent, snapshot }: ReturnType<typeof sentValues>): EditChanges | null => {
    const site = deps.content.site();
    if (!hasEditInputs(form)) return null;
    if (sent.version !== snapshot.version) {
      throw new AppError('conflict', sent.version === '' ? words().entries.done.noVersion : staleTranslationSentence(entry.id, translation.language));
    }
    const changes = changesOf(site, snapshot, sent, form, new Set(page.imagesOf(entry)), entry.type.key === 'post');
    return isEmptyChange(changes) ? null : changes;
  };

  /** The version of a translation's file as it is now (after a write of this request). */
  const versionAfter = (id: string, language: string): string | undefined => {
    const fresh = deps.content.entry(id)?.translations.get(language);
    return fresh ? page.snapshotOf(fresh).version : undefined;
  };

  const save = (session: PanelSession, entry: Entry, language: string, changes: EditChanges, expectedVersion?: string) =>
    updateEntry(context, panelActor(session), { entry, language, ...changes, ...(expectedVersion === undefined ? {} : { expectedVersion }) });

  return { sentValues, planEdits, versionAfter, save };
}

export type EditPlan = ReturnType<typeof createEditPlan>;
