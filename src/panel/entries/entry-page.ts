// The entry page as the handlers send it: who may see and change what (the same rules as the MCP tools),
// each visible translation read from its file together with its version stamp, the entry's media and CSS,
// the site's tags, categories and cards; and the answers after a change (a redirect with a fixed sentence,
// or the page again with what was sent and the refusal's sentence).
import { join } from 'node:path';
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import { findCardWarnings, listCards, type Card } from '../../content/cards.js';
import { canEditEntry, canPublishEntry, canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { entryMedia } from '../../content/media-library.js';
import { queryEntries } from '../../content/query.js';
import { sendBackNotes } from '../../content/review-history.js';
import type { HistoryRecord } from '../../content/history.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { isApprovalModeOn } from '../../content/write/approval-mode.js';
import { readTranslationFile } from '../../content/write/translation-file.js';
import { canAddTranslation } from '../../content/write/update-entry.js';
import { versionOf } from '../../content/write/version-stamp.js';
import { storageOf, type WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelMessage, sendPanelPage, type PanelNotice } from '../layout.js';
import { esc } from '../html.js';
import { sendScriptedPanelPage } from '../panel-script.js';
import { panelActor } from '../panel-principal.js';
import type { PanelSession } from '../panel-session.js';
import { siteTimeOf } from '../site-time.js';
import { editValuesFromFile, emptyEditValues, type EditValues, type FileSnapshot } from './edit-values.js';
import { visibleInSiteOrder } from './entries-list.js';
import { entryPageHref } from './entries-list-view.js';
import { renderEntryPage, type TranslationView } from './entries-entry-view.js';
import { PREVIEW_PATH } from './entry-editor-view.js';
import { EDITOR_CSP, EDITOR_SCRIPT_TAG } from '../editor/editor-script.js';
import { EDITOR_STYLES_TAG } from '../editor/editor-styles.js';
import { renderShareSectionOf } from './entry-share.js';
import { fill, words } from '../words/panel-words.js';
import { panelRefusalOf } from '../rule-refusal-words.js';

/** What a redirect after a change may announce (`?done=`): fixed sentences only, never text taken from the address. */
export const DONE: Record<string, DoneWord> = {
  saved: 'saved',
  added: 'added',
  created: 'created',
  unchanged: 'unchanged',
  published: 'published',
  scheduled: 'scheduled',
  unpublished: 'unpublished',
  withdrawn: 'withdrawn',
  'already-published': 'alreadyPublished',
  'already-draft': 'alreadyDraft',
  cover: 'cover',
  'translation-trashed': 'translationTrashed',
  'preview-revoked': 'previewRevoked',
};
type DoneWord = 'saved' | 'added' | 'created' | 'unchanged' | 'published' | 'scheduled' | 'unpublished' | 'withdrawn' | 'alreadyPublished' | 'alreadyDraft' | 'cover' | 'translationTrashed' | 'previewRevoked';

/** What was sent, shown again with a refusal (so nothing typed is lost). */
export interface SentState {
  /**
   * A translation's edit form. When it was filled from an older version of the file, the text as saved now
   * is shown beside it, and the form takes the new version: the person has been told.
   */
  translation?: { language: string; values: EditValues };
  /** The add-a-translation form. */
  add?: EditValues;
  /** The CSS form (from an older version of style.css: the saved CSS is shown beside it, as for a translation). */
  style?: { css: string; version: string };
}

/** The site's tags (tag entries) a translation may be given, titled in its language where it has one. */
function knownTagsOf(deps: PanelDeps, language: string): Array<{ slug: string; title: string }> {
  const site = deps.content.site();
  const titles = new Map<string, string>();
  for (const code of [site.defaultLanguage, language]) {
    for (const { entry, translation } of queryEntries(deps.content, { type: 'tag', language: code, status: 'any' })) titles.set(entry.slug, translation.title);
  }
  return [...titles].map(([slug, title]) => ({ slug, title })).sort((a, b) => a.title.localeCompare(b.title)).slice(0, 300);
}

/** A translation's send-back note as the page shows it (time in the site's zone, the person by name). */
function sentBackOf(record: HistoryRecord | undefined, names: Map<string, string>, timeZone: string): TranslationView['sentBack'] {
  if (!record || record.action !== 'send_back') return null;
  return { personName: names.get(record.person) ?? record.person, time: `${siteTimeOf(record.time, timeZone)} (${timeZone})`, note: record.detail ?? '' };
}

export function createEntryPage(deps: PanelDeps) {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
  const mediaRoot = () => join(deps.content.contentDir, 'media');

  /** The entry if the id is well formed, exists and has a translation this person may see. */
  const visibleEntry = (id: string, principal: Principal): Entry | null => {
    const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
    if (!entry || ![...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t))) return null;
    return entry;
  };

  /** The translation's file as it is now, with its version stamp; the index's copy if it cannot be read. */
  const snapshotOf = (translation: Translation): FileSnapshot & { text: string | null } => {
    try {
      const file = readTranslationFile(context, translation.file);
      return { fields: file.fields, body: file.body, version: versionOf(file.text), text: file.text };
    } catch {
      return { fields: translation.fields, body: translation.body, version: '', text: null };
    }
  };

  /** The entry's style.css as it is now and its version stamp ('' and the stamp of no file without one). */
  const styleOf = (entry: Entry): { css: string; version: string } => {
    const file = join(entry.dir, 'style.css');
    const storage = storageOf(context);
    const text = storage.exists(file) ? storage.readText(file) : null;
    return { css: text ?? '', version: versionOf(text) };
  };

  /** References of the entry's images: what a cover and an image field may be. */
  const imagesOf = (entry: Entry): string[] => entryMedia(deps.trustedFolders, mediaRoot(), entry.id).filter((item) => item.width !== null)
    .flatMap((item) => [item.reference, ...item.variants.map((variant) => `media/${entry.id}/${variant.name}`)]);

  /**
   * A form saved after its entry (or translation) was moved to the trash by someone else: nothing is saved,
   * and the text sent is shown to copy, so no typing is lost (the trash keeps the deleted text).
   */
  const sendGoneWhileEditing = (ctx: RequestContext, session: PanelSession, form: URLSearchParams) => {
    const { common, entries: { entry: w } } = words();
    // {trash} is a link, built here; the word around it is escaped first.
    const gone = fill(esc(w.goneText), { trash: `<a href="/svc/panel/trash">${esc(common.nav.trash)}</a>` });
    const body = `<h1>${esc(common.notSaved)}</h1><div class="card"><p class="notice error" role="alert">${gone}</p>`
      + `<label for="gone-title">${esc(w.yourTitle)}</label><input type="text" id="gone-title" readonly value="${esc(form.get('title') ?? '')}">`
      + `<label for="gone-body">${esc(w.yourText)}</label><textarea id="gone-body" rows="12" readonly>\n${esc(form.get('body') ?? '')}</textarea></div>`;
    sendPanelPage(ctx, 404, renderPage({ title: common.notSaved, viewer: session, active: 'content', body }));
  };

  const sendNoEntry = (ctx: RequestContext, session: PanelSession) =>
    sendPanelMessage(ctx, 404, words().entries.entry.noEntry, words().entries.entry.noEntryText, session);

  const sendEntry = (ctx: RequestContext, status: number, session: PanelSession, entry: Entry, notice: PanelNotice | null, sent: SentState = {}) => {
    const principal = panelActor(session).principal;
    const site = deps.content.site();
    const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
    const visible = visibleInSiteOrder(principal, entry, site);
    const media = entryMedia(deps.trustedFolders, mediaRoot(), entry.id);
    const images = media.filter((item) => item.width !== null).map((item) => item.reference);
    const approvalMode = isApprovalModeOn(deps.content);
    const categories = entry.type.key === 'post' ? Object.values(site.categories) : [];
    const cardsByLanguage = new Map<string, Card[]>();
    // Card examples name the entry's own images, so an inserted image card shows one at once.
    const sample = images[0] ?? `media/${entry.id}/photo.jpg`;
    const exampleImages = { image: sample, images: [...new Set([sample, images[1] ?? sample])].join(',') };
    const notes = sendBackNotes(deps.trustedFolders, deps.config.dataDir, entry.id, visible.map((t) => t.language));
    const translations: TranslationView[] = visible.map((t) => {
      const snapshot = snapshotOf(t);
      const knownTags = knownTagsOf(deps, t.language);
      const fromFile = editValuesFromFile(site, snapshot, new Set(knownTags.map((tag) => tag.slug)));
      const mine = sent.translation?.language === t.language ? sent.translation : undefined;
      if (!cardsByLanguage.has(t.language)) cardsByLanguage.set(t.language, listCards(deps.content, t.language, exampleImages).cards);
      const languageName = site.languages[t.language] ?? t.language;
      return {
        title: t.title, status: t.status, review: t.review, published: t.published,
        url: deps.content.absoluteUrl(t.path),
        authorName: t.author ? names.get(t.author) ?? t.author : words().entries.entry.unknownAuthor,
        viaMcp: t.via === 'mcp',
        edit: canEditEntry(principal, entry, t),
        previewHref: `${PREVIEW_PATH}/${entry.id}?language=${encodeURIComponent(t.language)}`,
        cardWarnings: findCardWarnings(deps.content, snapshot.body, t.language),
        savedBody: mine && mine.values.version !== snapshot.version ? snapshot.body : null,
        sentBack: sentBackOf(notes.get(t.language), names, site.timezone),
        editor: {
          csrf: session.csrf, id: entry.id, language: t.language, languageName, status: t.status, review: t.review,
          values: mine ? { ...mine.values, version: snapshot.version } : fromFile,
          publish: canPublishEntry(principal, entry, t), approvalMode, timezone: site.timezone, now: deps.clock(),
          folderSlug: entry.slug, knownTags, images, categories, cards: cardsByLanguage.get(t.language)!,
        },
      };
    });
    const main = visible.find((t) => t.language === site.defaultLanguage) ?? visible[0]!;
    const missing = Object.keys(site.languages).filter((language) => !entry.translations.has(language));
    // The rule update-entry applies to a new translation (one function, so the form shows when the change goes).
    const mayAdd = missing.length > 0 && canAddTranslation(principal, entry, site.defaultLanguage).allowed;
    const add = mayAdd ? { languages: missing.map((language) => ({ language, name: site.languages[language] ?? language })), values: sent.add ?? emptyEditValues() } : null;
    const style = styleOf(entry);
    const body = renderEntryPage({
      csrf: session.csrf, id: entry.id, typeLabel: entry.type.label, title: main.title, translations, add,
      mayDelete: [...entry.translations.values()].every((t) => canEditEntry(principal, entry, t).allowed),
      translationCount: entry.translations.size,
      share: renderShareSectionOf(deps, session.csrf, principal, entry, visible),
      media: {
        csrf: session.csrf, id: entry.id, items: media, edit: canEditEntry(principal, entry, undefined),
        coverLanguages: visible.filter((t) => canEditEntry(principal, entry, t).allowed).map((t) => ({ language: t.language, name: site.languages[t.language] ?? t.language })),
      },
      style: {
        csrf: session.csrf, id: entry.id, css: sent.style?.css ?? style.css, version: style.version, edit: canEditEntry(principal, entry, undefined),
        savedCss: sent.style && sent.style.version !== style.version ? style.css : null,
      },
    });
    sendScriptedPanelPage(ctx, status, renderPage({ title: main.title, viewer: session, active: 'content', body: `${EDITOR_STYLES_TAG}${body}${EDITOR_SCRIPT_TAG}`, notice, wide: true, script: true }), { 'content-security-policy': EDITOR_CSP });
  };

  /** The posted entry and translation, or null after a 404 page. */
  const postedTranslation = (ctx: RequestContext, session: PanelSession, form: URLSearchParams): { entry: Entry; translation: Translation } | null => {
    const principal = panelActor(session).principal;
    const entry = visibleEntry(form.get('id') ?? '', principal);
    const translation = entry?.translations.get(form.get('language') ?? '');
    if (!entry || !translation || !canSeeTranslation(principal, entry, translation)) {
      if (form.has('body') || form.has('title')) sendGoneWhileEditing(ctx, session, form);
      else sendNoEntry(ctx, session);
      return null;
    }
    return { entry, translation };
  };

  const done = (ctx: RequestContext, id: string, language: string, what: keyof typeof DONE) =>
    redirect(ctx.res, `${entryPageHref(id)}?done=${what}&language=${encodeURIComponent(language)}#lang-${encodeURIComponent(language)}`, 303, { 'cache-control': 'no-store' });

  /** A refused or invalid change: the entry page again, with the sentence and what was sent. */
  const refused = (ctx: RequestContext, session: PanelSession, entry: Entry, error: unknown, sent: SentState = {}) => {
    if (!(error instanceof AppError)) throw error;
    const fresh = visibleEntry(entry.id, panelActor(session).principal);
    if (!fresh) return sendNoEntry(ctx, session);
    const { status, text } = panelRefusalOf(error);
    sendEntry(ctx, status, session, fresh, { kind: 'error', text }, sent);
  };

  return { context, visibleEntry, snapshotOf, styleOf, imagesOf, sendNoEntry, sendEntry, postedTranslation, done, refused };
}

export type EntryPage = ReturnType<typeof createEntryPage>;
