import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { AppError } from '../../errors.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import { MAX_PAGE_DEPTH } from '../../content/entries/entry-folders.js';
import { queryEntries } from '../../content/query.js';
import type { ContentType, Entry } from '../../content/entries/types.js';
import { createEntry } from '../../content/write/create-entry.js';
import { renderPage, sendPanelMessage, type PanelNotice } from '../layout.js';
import { SCRIPTED_PANEL_CSP, sendScriptedPanelPage } from '../panel-script.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession, type PanelSession } from '../panel-session.js';
import { categoryChanges, categoryOf, fieldTextsFrom } from './category-fields.js';
import { parseTags } from './edit-values.js';
import { readNewEntryPost } from './entries-form.js';
import { defaultEntryListQuery, listEntriesFor, parseEntryListQuery, type EntryListQuery } from './entries-list.js';
import { renderEntryList } from './entries-list-view.js';
import { ListedFiles } from './listed-files.js';
import { renderNewEntry, type NewEntryValues } from './new-entry-view.js';
import { DONE, type EntryPage } from './entry-page.js';
import { fill, words } from '../words/panel-words.js';
import { panelRefusalOf } from '../rule-refusal-words.js';

const LIST_CSP = SCRIPTED_PANEL_CSP.replace("script-src 'self';", "script-src 'self'; connect-src 'self';");

/** The panel's Content list, the New entry page, and one entry's page. */
export function createEntriesHandlers(deps: PanelDeps, page: EntryPage) {
  const authorNames = () => new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
  const files = new ListedFiles();

  /** Pages a new page may go under: those this person may see, no deeper than pages nest. */
  const parentPages = (session: PanelSession): Entry[] => {
    const principal = panelActor(session).principal;
    const site = deps.content.site();
    return queryEntries(deps.content, { type: 'page', language: site.defaultLanguage, visible: (entry, t) => canSeeTranslation(principal, entry, t) })
      .map((row) => row.entry)
      .filter((entry) => entry.id.split('/').length <= MAX_PAGE_DEPTH)
      .sort((a, b) => a.id.localeCompare(b.id));
  };

  /** The Content list. */
  const sendList = (ctx: RequestContext, status: number, session: PanelSession, query: EntryListQuery, notice: PanelNotice | null) => {
    const site = deps.content.site();
    const list = listEntriesFor(deps.content, panelActor(session).principal, query, files);
    const canPublish = session.capabilities.has('content.publish') || session.capabilities.has('content.publish_all');
    // Only for someone offered Publish and Unpublish: what the bulk form carries.
    const versions = new Map(canPublish ? list.rows.map((row) => [row.id, files.versionOf(deps.content.trustedFolders, row.listed)]) : []);
    const body = renderEntryList({
      types: site.types, languages: languagesOf(), defaultLanguage: site.defaultLanguage, query, list, authorNames: authorNames(), timezone: site.timezone,
      csrf: session.csrf, canCreate: session.capabilities.has('content.write'), canPublish, versions,
    });
    // The script fetches the list part as one types (screen-script.ts): same origin only.
    sendScriptedPanelPage(ctx, status, renderPage({ title: words().entries.list.title, viewer: session, active: 'content', body, notice, script: true, wide: true }), { 'content-security-policy': LIST_CSP });
  };

  const languagesOf = () => Object.entries(deps.content.site().languages).map(([language, name]) => ({ language, name }));

  /** The New entry page (holding what was sent, after a refusal). */
  const sendNewEntry = (ctx: RequestContext, status: number, session: PanelSession, type: ContentType, notice: PanelNotice | null, sent?: NewEntryValues) => {
    const site = deps.content.site();
    const body = renderNewEntry({
      csrf: session.csrf,
      types: site.types,
      type,
      languages: languagesOf(),
      values: sent ?? { title: '', language: site.defaultLanguage, slug: '', parent: '', category: '', fields: {}, tags: '' },
      parents: type.key === 'page' ? parentPages(session).map((entry) => ({ id: entry.id, title: entry.translations.get(site.defaultLanguage)?.title ?? entry.id })) : [],
      categories: type.key === 'post' ? Object.values(site.categories) : [],
      timezone: site.timezone,
    });
    sendScriptedPanelPage(ctx, status, renderPage({ title: fill(words().entries.newEntry.title, { type: type.label }), viewer: session, active: 'content', body, notice, script: true }));
  };

  return {
    list(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      let query: EntryListQuery;
      let notice: PanelNotice | null = null;
      let status = 200;
      try {
        query = parseEntryListQuery(deps.content, ctx.url.searchParams);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        query = defaultEntryListQuery(deps.content);
        notice = { kind: 'error', text: error.message };
        status = error.status;
      }
      sendList(ctx, status, session, query, notice);
    },

    /** The New entry page for `?type=` (posts without one). */
    newEntry(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const site = deps.content.site();
      const typeKey = ctx.url.searchParams.get('type') || 'post';
      const type = site.types.find((candidate) => candidate.key === typeKey);
      if (!type) return sendPanelMessage(ctx, 404, words().entries.newEntry.noType, words().entries.newEntry.noTypeText, session);
      sendNewEntry(ctx, 200, session, type, null);
    },

    /** Creates a draft of the list's type (create-entry's rules, via: panel) and opens its edit page. */
    async create(ctx: RequestContext): Promise<void> {
      // Category fields may be as long as content_create takes them: more than the usual 64 KB of a form.
      const posted = await readNewEntryPost(ctx, deps);
      if (!posted) return;
      const { session, form } = posted;
      const typeKey = form.get('type') ?? '';
      const site = deps.content.site();
      const type = site.types.find((candidate) => candidate.key === typeKey);
      if (!type) return sendPanelMessage(ctx, 404, words().entries.newEntry.noType, words().entries.newEntry.noTypeText, session);
      const sent: NewEntryValues = {
        title: (form.get('title') ?? '').trim(), language: form.get('language') ?? '', slug: (form.get('slug') ?? '').trim(),
        parent: (form.get('parent') ?? '').trim(), category: (form.get('category') ?? '').trim(), fields: fieldTextsFrom(site, form), tags: form.get('tags') ?? '',
      };
      const w = words().entries.newEntry;
      try {
        if (!Object.hasOwn(site.languages, sent.language)) throw new AppError('invalid_params', w.chooseLanguage);
        let parent: Entry | null = null;
        if (type.key === 'page' && sent.parent !== '') {
          parent = parentPages(session).find((entry) => entry.id === sent.parent) ?? null;
          if (!parent) throw new AppError('invalid_params', w.chooseParent);
        }
        const fields: Record<string, unknown> = {};
        if (sent.slug !== '') fields.slug = sent.slug;
        const tags = parseTags(sent.tags);
        if (tags.length > 0) fields.tags = tags;
        if (type.key === 'post' && sent.category !== '') {
          if (!categoryOf(site, sent.category)) throw new AppError('invalid_params', w.chooseCategory);
          for (const [key, value] of Object.entries(categoryChanges(site, {}, sent.category, sent.fields, form))) if (value !== null) fields[key] = value;
        }
        const created = createEntry(page.context, panelActor(session), { title: sent.title, type, language: sent.language, body: '', fields, parent, exactSlug: true });
        page.done(ctx, created.id, created.language, 'created');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const { status, text } = panelRefusalOf(error);
        sendNewEntry(ctx, status, session, type, { kind: 'error', text }, sent);
      }
    },

    show(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const entry = page.visibleEntry(ctx.params['*'] ?? '', panelActor(session).principal);
      if (!entry) return page.sendNoEntry(ctx, session);
      const what = ctx.url.searchParams.get('done') ?? '';
      const language = ctx.url.searchParams.get('language') ?? '';
      const languages = deps.content.site().languages;
      const languageName = Object.hasOwn(languages, language) ? languages[language] : undefined;
      const w = words().entries.done;
      const notice: PanelNotice | null = what === 'file-trashed' ? { kind: 'ok', text: w.fileTrashed }
        : what === 'alt-saved' ? { kind: 'ok', text: w.altSaved }
        : Object.hasOwn(DONE, what) && languageName ? { kind: 'ok', text: fill(w[DONE[what]!], { name: languageName, code: language }) } : null;
      page.sendEntry(ctx, 200, session, entry, notice);
    },
  };
}
