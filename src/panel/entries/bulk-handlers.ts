// Bulk actions on the entries chosen in the Content list: publish or unpublish the listed language's
// translation of each (the same write actions, rights and history as one entry's Publish button), or move
// them to the trash (through "Move to the trash?", which asks first). Each entry is judged on its own: one
// refusal never stops the others, and the page says what happened to each. Publish and Unpublish act only
// on the text the list showed (bulk-stamps.ts): a row changed since, or posted without its stamp, is left
// as it is and said to be.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { publishEntry } from '../../content/write/publish-entry.js';
import { unpublishEntry } from '../../content/write/unpublish-entry.js';
import { ChangedSinceShown } from '../../content/write/version-stamp.js';
import { renderPage, sendPanelMessage } from '../layout.js';
import { sendScriptedPanelPage } from '../panel-script.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost } from '../panel-session.js';
import { DELETE_PATH } from './delete-view.js';
import { renderBulkResults, type BulkOutcome } from './bulk-results-view.js';
import { seenVersions } from './bulk-stamps.js';
import { ENTRIES_PATH } from './entries-list-view.js';
import type { EntryPage } from './entry-page.js';
import { fill, plural, words } from '../words/panel-words.js';
import { panelRefusalOf } from '../rule-refusal-words.js';

/** Entries acted on at once (the list shows 50 a page). */
export const MAX_BULK = 200;

export function createBulkHandlers(deps: PanelDeps, page: EntryPage) {
  /** One entry's publish or unpublish, as a sentence for the results page. */
  const actOn = (action: 'publish' | 'unpublish', id: string, language: string, seen: string | undefined, session: Parameters<typeof panelActor>[0]): BulkOutcome => {
    const w = words().entries.bulk;
    const actor = panelActor(session);
    const entry = page.visibleEntry(id, actor.principal);
    if (!entry) return { id, title: id, ok: false, text: w.noEntry };
    const translation = entry.translations.get(language);
    const title = translation?.title ?? entry.id;
    if (!translation) return { id, title, ok: false, text: fill(w.noTranslation, { language }) };
    // Without the stamp of what the list showed there is nothing to hold the file to: left alone.
    if (seen === undefined) return { id, title, ok: false, text: w.notListed, leftAlone: true };
    try {
      if (action === 'publish') {
        const waiting = translation.review !== null;
        const result = publishEntry(page.context, actor, entry, language, undefined, seen);
        // Approval mode holds back what assistants publish; a person with the right publishes (and so approves).
        if (result.status === 'waiting_for_approval') return { id, title, ok: false, text: result.message };
        if (result.note) return { id, title, ok: true, text: w.alreadyPublished };
        const warnings = result.card_warnings?.map((warning) => `${warning.card} (${warning.missing.join(', ')})`).join('; ');
        return { id, title, ok: true, text: [waiting ? w.publishedWaiting : w.published, ...(warnings ? [fill(w.cardsEmpty, { cards: warnings })] : [])].join(' ') };
      }
      const result = unpublishEntry(page.context, actor, entry, language, seen);
      return { id, title, ok: true, text: result.note ?? w.unpublished };
    } catch (error) {
      if (error instanceof ChangedSinceShown) return { id, title, ok: false, text: w.changedSinceListed, leftAlone: true };
      if (!(error instanceof AppError)) throw error;
      return { id, title, ok: false, text: panelRefusalOf(error).text };
    }
  };

  return {
    async act(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.write');
      if (!posted) return;
      const { session, form } = posted;
      const w = words().entries.bulk;
      const action = form.get('action') ?? '';
      const ids = [...new Set(form.getAll('id'))];
      const language = form.get('language') ?? '';
      // The list's own address, rebuilt from its parameters only: nothing else comes back from the form.
      const kept = new URLSearchParams([...new URLSearchParams(form.get('back') ?? '')].filter(([key]) => ['type', 'language', 'status', 'sort', 'q', 'page'].includes(key))).toString();
      const back = kept === '' ? ENTRIES_PATH : `${ENTRIES_PATH}?${kept}`;
      if (!['publish', 'unpublish', 'trash'].includes(action)) return sendPanelMessage(ctx, 422, w.nothingDone, w.chooseAction, session);
      if (ids.length === 0) return sendPanelMessage(ctx, 422, w.nothingDone, w.chooseEntry, session);
      if (ids.length > MAX_BULK) return sendPanelMessage(ctx, 422, w.nothingDone, fill(w.tooMany, { max: MAX_BULK }), session);
      if (action === 'trash') return redirect(ctx.res, `${DELETE_PATH}?${new URLSearchParams(ids.map((id): [string, string] => ['id', id]))}`, 303);
      if (!session.capabilities.has('content.publish') && !session.capabilities.has('content.publish_all')) {
        return sendPanelMessage(ctx, 403, words().common.notAllowed, fill(w.roleMayNot, { role: session.account.role }), session);
      }
      if (!Object.hasOwn(deps.content.site().languages, language)) return sendPanelMessage(ctx, 422, w.nothingDone, w.chooseLanguage, session);
      const seen = seenVersions(form, language);
      const outcomes = ids.map((id) => actOn(action as 'publish' | 'unpublish', id, language, seen.get(id), session));
      const done = outcomes.filter((outcome) => outcome.ok).length;
      const refused = outcomes.length - done;
      const leftAlone = outcomes.filter((outcome) => outcome.leftAlone).length;
      const body = renderBulkResults({ action: action as 'publish' | 'unpublish', language, outcomes, back });
      const notice = refused === 0
        ? { kind: 'ok' as const, text: plural(w.doneAll, done) }
        : { kind: 'warn' as const, text: [fill(w.doneSome, { done, refused }), ...(leftAlone > 0 ? [plural(w.leftAlone, leftAlone)] : [])].join(' ') };
      sendScriptedPanelPage(ctx, 200, renderPage({ title: action === 'publish' ? w.publish : w.unpublish, viewer: session, active: 'content', body, notice, script: true }));
    },
  };
}
