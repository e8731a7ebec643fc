// The editor's save without a reload (Ctrl/Cmd+S, and autosave of drafts): the same form and the same
// rules as the Save button (entries/edit-plan.ts: rights, the version stamp, the changes), answered in JSON
// with the new version, so the page goes on from the saved text. Autosave (`autosave=1`) saves drafts only:
// a published text changes the public page, which a person does by saving, never by pausing.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { AppError } from '../../errors.js';
import { canEditEntry, canSeeTranslation } from '../../content/content-rights.js';
import { refuseUnless } from '../../content/write/update-entry.js';
import { entryFormBytes, refuseLongBody } from './entries-form.js';
import type { EditPlan } from './edit-plan.js';
import type { EntryPage } from './entry-page.js';
import { readJsonFormPost, sendJsonAnswer, sendJsonError, sendJsonRefusal } from '../json-post.js';
import { panelActor } from '../panel-principal.js';
import { words } from '../words/panel-words.js';

export const EDITOR_SAVE_PATH = '/svc/panel/editor/save';

export function createEditorSave(deps: PanelDeps, page: EntryPage, plan: EditPlan) {
  return async (ctx: RequestContext): Promise<void> => {
    const read = await readJsonFormPost(ctx, deps, 'content.write', entryFormBytes(deps.content.site()));
    if (!read) return;
    const { session, form } = read;
    const principal = panelActor(session).principal;
    const entry = page.visibleEntry(form.get('id') ?? '', principal);
    const translation = entry?.translations.get(form.get('language') ?? '');
    if (!entry || !translation || !canSeeTranslation(principal, entry, translation)) {
      return sendJsonError(ctx, 404, words().entries.done.editorGone);
    }
    try {
      refuseUnless(canEditEntry(principal, entry, translation));
      if (form.get('autosave') === '1' && translation.status !== 'draft') {
        throw new AppError('conflict', words().entries.done.notAutosaved);
      }
      const values = plan.sentValues(translation, form);
      const changes = plan.planEdits(entry, translation, form, values);
      if (!changes) return sendJsonAnswer(ctx, { saved: false, version: values.snapshot.version });
      // The form is read as large as the spec's limits allow in any encoding; the body's own limit is in characters.
      refuseLongBody(changes.body);
      plan.save(session, entry, translation.language, changes, values.sent.version);
      sendJsonAnswer(ctx, { saved: true, version: plan.versionAfter(entry.id, translation.language) ?? '' });
    } catch (error) {
      sendJsonRefusal(ctx, error);
    }
  };
}
