// Saving, publishing and unpublishing a translation from its edit form, and adding a missing translation.
// The edit form's inputs travel with Publish and Unpublish: what is on the screen is saved in the same
// request (after the version stamp shows nobody changed the file since the page was opened), so pressing
// Publish never publishes an older text and drops the edit. Whatever can be judged is judged before the
// first write: a refused change changes nothing, and every refusal shows the page again with what was typed.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { AppError } from '../../errors.js';
import { canEditEntry, canPublishEntry, canSeeTranslation } from '../../content/content-rights.js';
import { checkPublishTime, publishEntry } from '../../content/write/publish-entry.js';
import { unpublishEntry } from '../../content/write/unpublish-entry.js';
import { checkTranslationEdit, refuseUnless, updateEntry } from '../../content/write/update-entry.js';
import { panelActor } from '../panel-principal.js';
import { pickedTime } from '../site-time.js';
import { editValuesFromForm, emptyEditValues, hasEditInputs, parseTags } from './edit-values.js';
import { readEntryPost, refuseLongBody } from './entries-form.js';
import { createEditPlan } from './edit-plan.js';
import type { EntryPage } from './entry-page.js';
import { fill, words } from '../words/panel-words.js';

/** The language of the add-a-translation form must be one of the site's: a post can hold anything. */
function requireSiteLanguage(deps: PanelDeps, language: string): void {
  if (!Object.hasOwn(deps.content.site().languages, language)) throw new AppError('invalid_params', words().entries.done.chooseLanguage);
}

export function createEntryChangeHandlers(deps: PanelDeps, page: EntryPage) {
  const { context } = page;

  const { sentValues, planEdits, versionAfter, save } = createEditPlan(deps, page);

  /** Reads the form and finds its translation; null after the answer was sent. */
  const posted = async (ctx: RequestContext) => {
    const read = await readEntryPost(ctx, deps);
    if (!read) return null;
    const found = page.postedTranslation(ctx, read.session, read.form);
    return found ? { ...read, ...found } : null;
  };

  return {
    async save(ctx: RequestContext): Promise<void> {
      const request = await posted(ctx);
      if (!request) return;
      const { session, form, entry, translation } = request;
      const values = sentValues(translation, form);
      try {
        // The role's sentence before any other: someone who may not change the entry learns that first.
        refuseUnless(canEditEntry(panelActor(session).principal, entry, translation));
        const changes = planEdits(entry, translation, form, values);
        if (!changes) return page.done(ctx, entry.id, translation.language, 'unchanged');
        refuseLongBody(changes.body);
        save(session, entry, translation.language, changes, values.sent.version);
        page.done(ctx, entry.id, translation.language, 'saved');
      } catch (error) {
        page.refused(ctx, session, entry, error, { translation: { language: translation.language, values: values.sent } });
      }
    },

    /** Saves what the form carries, then publishes (now or `at`); approval mode holds back assistants only, not the panel. */
    async publish(ctx: RequestContext): Promise<void> {
      const request = await posted(ctx);
      if (!request) return;
      const { session, form, entry, translation } = request;
      // The picker sends YYYY-MM-DDTHH:MM; typed text (no picker) is judged as it is.
      const at = pickedTime(form.get('at'));
      const values = sentValues(translation, form);
      let saved = false;
      try {
        // What can be judged before anything is written is judged first: a refused publish saves nothing.
        checkPublishTime(context, at);
        refuseUnless(canPublishEntry(panelActor(session).principal, entry, translation));
        // publishEntry refuses to schedule a live text; saved first, the typed text would be live already.
        if (at !== undefined && translation.status === 'published') {
          throw new AppError('invalid_params', `The ${translation.language} translation of ${entry.id} is already published; unpublish it first to schedule it.`);
        }
        const changes = planEdits(entry, translation, form, values);
        refuseLongBody(changes?.body);
        if (changes) {
          save(session, entry, translation.language, changes, values.sent.version);
          saved = true;
        }
        const result = publishEntry(context, panelActor(session), entry, translation.language, at);
        // Approval mode holds back only what comes through MCP, so a person's publish never waits.
        if (result.status === 'waiting_for_approval') throw new Error('a panel publish was held for approval');
        if (result.note) return page.done(ctx, entry.id, translation.language, saved ? 'saved' : 'already-published');
        if (result.card_warnings) {
          // Shown at once (not through a redirect): the list of cards is not a fixed sentence.
          const missing = result.card_warnings.map((warning) => `${warning.card} (${warning.missing.join(', ')})`).join('; ');
          const fresh = page.visibleEntry(entry.id, panelActor(session).principal);
          if (fresh) return page.sendEntry(ctx, 200, session, fresh, { kind: 'warn', text: fill(result.status === 'scheduled' ? words().entries.done.scheduledCards : words().entries.done.publishedCards, { cards: missing }) });
        }
        page.done(ctx, entry.id, translation.language, result.status);
      } catch (error) {
        // Once the text is saved the page shows it from the file; before, what was sent.
        page.refused(ctx, session, entry, error, saved || !hasEditInputs(form) ? {} : { translation: { language: translation.language, values: values.sent } });
      }
    },

    /** Takes a translation back to a draft, then saves what the form carries into the draft. */
    async unpublish(ctx: RequestContext): Promise<void> {
      const request = await posted(ctx);
      if (!request) return;
      const { session, form, entry, translation } = request;
      const values = sentValues(translation, form);
      let saved = false;
      try {
        const actor = panelActor(session);
        refuseUnless(canPublishEntry(actor.principal, entry, translation));
        const changes = planEdits(entry, translation, form, values);
        // Judged before the page goes down, by update-entry's own rules against the translation as the draft
        // Unpublish makes it: an edit refused only when it is saved would leave the page down and the typed
        // text lost. update-entry judges them again as it saves.
        if (changes) {
          refuseLongBody(changes.body);
          checkTranslationEdit(context, actor, entry, translation, changes, { asDraft: true });
        }
        const result = unpublishEntry(context, actor, entry, translation.language);
        // Edits go into the draft, never live: saved after unpublishing (the changes were judged against the
        // file as it was; unpublishing touches only status, published and review), against the version the
        // unpublish wrote, read in the same turn: a write by another process in between is refused, not lost.
        if (changes) {
          save(session, entry, translation.language, changes, versionAfter(entry.id, translation.language));
          saved = true;
        }
        const withdrawn = translation.status === 'draft' && translation.review !== null;
        page.done(ctx, entry.id, translation.language, result.note && !withdrawn ? (changes ? 'saved' : 'already-draft') : withdrawn ? 'withdrawn' : 'unpublished');
      } catch (error) {
        // Unless the edits were saved (then the file shows them), what was typed is shown again.
        page.refused(ctx, session, entry, error, saved || !hasEditInputs(form) ? {} : { translation: { language: translation.language, values: values.sent } });
      }
    },

    /** Adds a translation the entry lacks, as a draft written by this person (update-entry's rule). */
    async addTranslation(ctx: RequestContext): Promise<void> {
      const read = await readEntryPost(ctx, deps);
      if (!read) return;
      const { session, form } = read;
      const principal = panelActor(session).principal;
      const entry = page.visibleEntry(form.get('id') ?? '', principal);
      if (!entry) return page.sendNoEntry(ctx, session);
      const language = form.get('language') ?? '';
      const sent = editValuesFromForm(deps.content.site(), form, emptyEditValues());
      try {
        requireSiteLanguage(deps, language);
        refuseLongBody(sent.body);
        // A language the entry has is never written over from here; one this person may not see stays unseen.
        const existing = entry.translations.get(language);
        if (existing && !canSeeTranslation(principal, entry, existing)) return page.sendNoEntry(ctx, session);
        if (existing) throw new AppError('conflict', fill(words().entries.done.hasTranslation, { language }));
        const fields: Record<string, unknown> = {};
        if (sent.excerpt !== '') fields.excerpt = sent.excerpt;
        const tags = parseTags(sent.tagsText);
        if (tags.length > 0) fields.tags = tags;
        updateEntry(context, panelActor(session), { entry, language, title: sent.title, body: sent.body, fields });
        page.done(ctx, entry.id, language, 'added');
      } catch (error) {
        page.refused(ctx, session, entry, error, { add: sent });
      }
    },
  };
}
