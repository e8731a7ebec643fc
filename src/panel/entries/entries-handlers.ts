import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import { canEditEntry, canPublishEntry, canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entry-id.js';
import type { Entry, Translation } from '../../content/types.js';
import { isApprovalModeOn } from '../../content/write/approval-mode.js';
import { createEntry } from '../../content/write/create-entry.js';
import { publishEntry } from '../../content/write/publish-entry.js';
import { unpublishEntry } from '../../content/write/unpublish-entry.js';
import { updateEntry } from '../../content/write/update-entry.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { listEntriesFor, parseEntryListQuery, visibleInSiteOrder, type EntryListQuery } from './entries-list.js';
import { entryPageHref, renderEntryList, type NewEntryValues } from './entries-list-view.js';
import { renderEntryPage, type EditValues, type TranslationView } from './entries-entry-view.js';
import { changesOf, editValuesFrom, editValuesOf, isEmptyChange, parseTags, readEntryPost } from './entries-form.js';

/** The `sent.language` of the add-a-translation form (never a language code). */
const ADD_FORM = '+add';

type Notice = { kind: 'ok' | 'error' | 'warn'; text: string } | null;

/** What a redirect after a change may announce: fixed sentences only, never text taken from the address. */
const DONE: Record<string, string> = {
  saved: 'was saved.',
  added: 'was added as a draft.',
  created: 'was created as a draft.',
  unchanged: 'had no changes; nothing was saved.',
  published: 'is published.',
  scheduled: 'is scheduled.',
  asked: 'is waiting for approval now; it is listed under Waiting for approval.',
  unpublished: 'is a draft again.',
  withdrawn: 'is no longer waiting for approval.',
  'already-published': 'was already published; nothing changed.',
  'already-draft': 'was already a draft; nothing changed.',
};

/** The panel's Content pages: the list, one entry, and saving, publishing and unpublishing from it. */
export function createEntriesHandlers(deps: PanelDeps) {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
  const authorNames = () => new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));

  /** The entry if the id is well formed, exists and has a translation this person may see. */
  const visibleEntry = (id: string, principal: Principal): Entry | null => {
    const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
    if (!entry || ![...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t))) return null;
    return entry;
  };

  const sendNoEntry = (ctx: RequestContext, session: PanelSession) =>
    sendPanelMessage(ctx, 404, 'No such entry', 'This entry does not exist, or your role may not see it.', session);

  const sendEntry = (ctx: RequestContext, status: number, session: PanelSession, entry: Entry, notice: Notice, sent?: { language: string; values: EditValues }) => {
    const principal = panelActor(session).principal;
    const site = deps.content.site();
    const names = authorNames();
    const visible = visibleInSiteOrder(principal, entry, site);
    const translations: TranslationView[] = visible.map((t) => ({
      language: t.language,
      languageName: site.languages[t.language] ?? t.language,
      title: t.title,
      status: t.status,
      review: t.review,
      published: t.published,
      url: deps.content.absoluteUrl(t.path),
      authorName: t.author ? names.get(t.author) ?? t.author : 'unknown',
      viaMcp: t.via === 'mcp',
      edit: canEditEntry(principal, entry, t),
      publish: canPublishEntry(principal, entry, t),
      values: sent?.language === t.language ? sent.values : editValuesFrom(t),
    }));
    const main = visible.find((t) => t.language === site.defaultLanguage) ?? visible[0]!;
    const missing = Object.keys(site.languages).filter((language) => !entry.translations.has(language));
    // The rule update-entry applies to a new translation: a draft, so ownership matters, not the publish right.
    const source = entry.translations.get(site.defaultLanguage) ?? entry.translations.values().next().value!;
    const mayAdd = missing.length > 0 && canEditEntry(principal, entry, { ...source, status: 'draft' }).allowed;
    const add = mayAdd ? {
      languages: missing.map((language) => ({ language, name: site.languages[language] ?? language })),
      values: sent?.language === ADD_FORM ? sent.values : { title: '', body: '', excerpt: '', tags: '' },
    } : null;
    const body = renderEntryPage({ csrf: session.csrf, id: entry.id, typeLabel: entry.type.label, title: main.title, approvalMode: isApprovalModeOn(deps.content), translations, add });
    sendPanelPage(ctx, status, renderPage({ title: main.title, viewer: session, active: 'content', body, notice }));
  };

  /** The posted entry and translation, or null after a 404 page. */
  const postedTranslation = (ctx: RequestContext, session: PanelSession, form: URLSearchParams): { entry: Entry; translation: Translation } | null => {
    const principal = panelActor(session).principal;
    const entry = visibleEntry(form.get('id') ?? '', principal);
    const translation = entry?.translations.get(form.get('language') ?? '');
    if (!entry || !translation || !canSeeTranslation(principal, entry, translation)) {
      sendNoEntry(ctx, session);
      return null;
    }
    return { entry, translation };
  };

  const done = (ctx: RequestContext, id: string, language: string, what: keyof typeof DONE) =>
    redirect(ctx.res, `${entryPageHref(id)}?done=${what}&language=${encodeURIComponent(language)}#lang-${encodeURIComponent(language)}`, 303, { 'cache-control': 'no-store' });

  /** A refused or invalid change: the entry page again, with the sentence and (for a save) what was sent. */
  const refused = (ctx: RequestContext, session: PanelSession, entry: Entry, error: unknown, sent?: { language: string; values: EditValues }) => {
    if (!(error instanceof AppError)) throw error;
    const fresh = visibleEntry(entry.id, panelActor(session).principal);
    if (!fresh) return sendNoEntry(ctx, session);
    sendEntry(ctx, error.status, session, fresh, { kind: 'error', text: error.message }, sent);
  };

  /** The Content list, with the New entry form (holding what was sent, after a refusal) for those who may create. */
  const sendList = (ctx: RequestContext, status: number, session: PanelSession, query: EntryListQuery, notice: Notice, sent?: NewEntryValues) => {
    const site = deps.content.site();
    const list = listEntriesFor(deps.content, panelActor(session).principal, query);
    // create-entry's rules: content.write, and tags are never created as entries.
    const create = session.capabilities.has('content.write') && query.type.key !== 'tag' ? {
      csrf: session.csrf,
      languages: Object.entries(site.languages).map(([language, name]) => ({ language, name })),
      values: sent ?? { title: '', language: site.defaultLanguage, slug: '' },
    } : null;
    const body = renderEntryList({ types: site.types, type: query.type, status: query.status, list, authorNames: authorNames(), timezone: site.timezone, create });
    sendPanelPage(ctx, status, renderPage({ title: 'Content', viewer: session, active: 'content', body, notice }));
  };

  /** A posted language must be one of the site's: the forms offer only those, but a post can hold anything. */
  function requireSiteLanguage(language: string): void {
    if (!Object.hasOwn(deps.content.site().languages, language)) throw new AppError('invalid_params', 'Choose one of the site\'s languages.');
  }

  return {
    list(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      let query: EntryListQuery;
      let notice: Notice = null;
      let status = 200;
      try {
        query = parseEntryListQuery(deps.content, ctx.url.searchParams);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        query = parseEntryListQuery(deps.content, new URLSearchParams());
        notice = { kind: 'error', text: error.message };
        status = error.status;
      }
      sendList(ctx, status, session, query, notice);
    },

    /** Creates a draft of the list's type (create-entry's rules, via: panel) and opens its edit page. */
    async create(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.write');
      if (!posted) return;
      const { session, form } = posted;
      const typeKey = form.get('type') ?? '';
      const type = deps.content.site().types.find((candidate) => candidate.key === typeKey);
      if (!type) return sendPanelMessage(ctx, 404, 'No such type', 'The site has no such content type.', session);
      const sent: NewEntryValues = { title: (form.get('title') ?? '').trim(), language: form.get('language') ?? '', slug: (form.get('slug') ?? '').trim() };
      const query: EntryListQuery = { type, status: 'any', page: 1 };
      try {
        requireSiteLanguage(sent.language);
        const fields = sent.slug === '' ? {} : { slug: sent.slug };
        const created = createEntry(context, panelActor(session), { title: sent.title, type, language: sent.language, body: '', fields, parent: null, exactSlug: true });
        done(ctx, created.id, created.language, 'created');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        sendList(ctx, error.status, session, query, { kind: 'error', text: error.message }, sent);
      }
    },

    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const entry = visibleEntry(ctx.params['*'] ?? '', panelActor(session).principal);
      if (!entry) return sendNoEntry(ctx, session);
      const what = ctx.url.searchParams.get('done') ?? '';
      const language = ctx.url.searchParams.get('language') ?? '';
      const languages = deps.content.site().languages;
      const languageName = Object.hasOwn(languages, language) ? languages[language] : undefined;
      const notice: Notice = Object.hasOwn(DONE, what) && languageName ? { kind: 'ok', text: `${languageName} (${language}) ${DONE[what]}` } : null;
      sendEntry(ctx, 200, session, entry, notice);
    },

    async save(ctx: RequestContext): Promise<void> {
      const posted = await readEntryPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const found = postedTranslation(ctx, session, form);
      if (!found) return;
      const { entry, translation } = found;
      const sent = editValuesOf(form);
      try {
        const changes = changesOf(translation, sent);
        if (isEmptyChange(changes)) return done(ctx, entry.id, translation.language, 'unchanged');
        updateEntry(context, panelActor(session), { entry, language: translation.language, ...changes });
        done(ctx, entry.id, translation.language, 'saved');
      } catch (error) {
        refused(ctx, session, entry, error, { language: translation.language, values: sent });
      }
    },

    /** Adds a translation the entry lacks, as a draft written by this person (update-entry's rule). */
    async addTranslation(ctx: RequestContext): Promise<void> {
      const posted = await readEntryPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const entry = visibleEntry(form.get('id') ?? '', panelActor(session).principal);
      if (!entry) return sendNoEntry(ctx, session);
      const language = form.get('language') ?? '';
      const sent = editValuesOf(form);
      try {
        requireSiteLanguage(language);
        // A language the entry has is never written over from here; one this person may not see stays unseen.
        const existing = entry.translations.get(language);
        if (existing && !canSeeTranslation(panelActor(session).principal, entry, existing)) return sendNoEntry(ctx, session);
        if (existing) throw new AppError('conflict', `The entry has a ${language} translation already; change it in its own form above.`);
        const fields: Record<string, unknown> = {};
        if (sent.excerpt !== '') fields.excerpt = sent.excerpt;
        const tags = parseTags(sent.tags);
        if (tags.length > 0) fields.tags = tags;
        updateEntry(context, panelActor(session), { entry, language, title: sent.title, body: sent.body, fields });
        done(ctx, entry.id, language, 'added');
      } catch (error) {
        refused(ctx, session, entry, error, { language: ADD_FORM, values: sent });
      }
    },

    async publish(ctx: RequestContext): Promise<void> {
      const posted = await readEntryPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const found = postedTranslation(ctx, session, form);
      if (!found) return;
      const { entry, translation } = found;
      const at = form.get('at')?.trim() || undefined;
      try {
        const result = publishEntry(context, panelActor(session), entry, translation.language, at);
        if (result.status === 'waiting_for_approval') return done(ctx, entry.id, translation.language, 'asked');
        if (result.note) return done(ctx, entry.id, translation.language, 'already-published');
        if (result.card_warnings) {
          // Shown at once (not through a redirect): the list of cards is not a fixed sentence.
          const missing = result.card_warnings.map((warning) => `${warning.card} (${warning.missing.join(', ')})`).join('; ');
          const fresh = visibleEntry(entry.id, panelActor(session).principal);
          if (fresh) return sendEntry(ctx, 200, session, fresh, { kind: 'warn', text: `${result.status === 'scheduled' ? 'Scheduled' : 'Published'}, but cards in the text leave required settings empty: ${missing}.` });
        }
        done(ctx, entry.id, translation.language, result.status);
      } catch (error) {
        refused(ctx, session, entry, error);
      }
    },

    async unpublish(ctx: RequestContext): Promise<void> {
      const posted = await readEntryPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const found = postedTranslation(ctx, session, form);
      if (!found) return;
      const { entry, translation } = found;
      try {
        const result = unpublishEntry(context, panelActor(session), entry, translation.language);
        const withdrawn = translation.status === 'draft' && translation.review !== null;
        done(ctx, entry.id, translation.language, result.note && !withdrawn ? 'already-draft' : withdrawn ? 'withdrawn' : 'unpublished');
      } catch (error) {
        refused(ctx, session, entry, error);
      }
    },
  };
}
