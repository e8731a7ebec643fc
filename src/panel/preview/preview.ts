// The preview of a translation: how its public page will look, for signed-in people who may see the entry
// and no one else. GET shows it as saved (the entry page's Preview link); POST shows the edit form's text as
// it is on the screen, unsaved (the Preview button, and the live preview beside the text). The page itself
// comes from the public site's renderer, handed in by the composition root.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { sendHtml } from '../../http/respond.js';
import { canSeeTranslation } from '../../content/content-rights.js';
import type { Entry, Translation } from '../../content/entries/types.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelSession, type PanelSession } from '../panel-session.js';
import { changesOf, editValuesFromFile, editValuesFromForm } from '../entries/edit-values.js';
import { readEntryPost } from '../entries/entries-form.js';
import { createEntryPage } from '../entries/entry-page.js';
import { entryPageHref } from '../entries/entries-list-view.js';
import { PREVIEW_PATH } from '../entries/entry-editor-view.js';

/** Unsaved text shown in place of the file's (site/preview-page.ts renders it). */
export interface PreviewDraft {
  title: string;
  body: string;
  fields: Record<string, unknown>;
}

/** The public page of a translation marked as a preview; null when there is none to show. */
export type RenderPreview = (entry: Entry, translation: Translation, editHref: string, draft?: PreviewDraft) => string | null;

/**
 * Never stored by anyone, never indexed, framed only by the panel (the live preview). The page's own CSS is
 * inline, as on the public site; no script runs in it and it submits nothing.
 */
const PREVIEW_HEADERS = {
  'cache-control': 'no-store, private',
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

export function registerPreviewRoutes(router: Router, deps: PanelDeps, render: RenderPreview): void {
  const page = createEntryPage(deps);

  const send = (ctx: RequestContext, session: PanelSession, entry: Entry, translation: Translation, draft?: PreviewDraft) => {
    const html = render(entry, translation, `${entryPageHref(entry.id)}#lang-${translation.language}`, draft);
    if (html === null) return page.sendNoEntry(ctx, session);
    sendHtml(ctx.res, 200, html, PREVIEW_HEADERS);
  };

  /** The translation if this person may see it (the same rule as content_read), else null after a 404. */
  const visibleTranslation = (ctx: RequestContext, session: PanelSession, id: string, language: string) => {
    const principal = panelActor(session).principal;
    const entry = page.visibleEntry(id, principal);
    const translation = entry?.translations.get(language);
    if (!entry || !translation || !canSeeTranslation(principal, entry, translation)) {
      page.sendNoEntry(ctx, session);
      return null;
    }
    return { entry, translation };
  };

  router.get(`${PREVIEW_PATH}/*`, (ctx) => {
    // Signed out (a visitor, or a client with only a token): sent to sign in, as for every panel page.
    const session = requirePanelSession(ctx, deps, 'content.write');
    if (!session) return;
    const language = ctx.url.searchParams.get('language') || deps.content.site().defaultLanguage;
    const found = visibleTranslation(ctx, session, ctx.params['*'] ?? '', language);
    if (found) send(ctx, session, found.entry, found.translation);
  });

  router.post(PREVIEW_PATH, async (ctx) => {
    const posted = await readEntryPost(ctx, deps);
    if (!posted) return;
    const { session, form } = posted;
    const found = visibleTranslation(ctx, session, form.get('id') ?? '', form.get('language') ?? '');
    if (!found) return;
    const { entry, translation } = found;
    const site = deps.content.site();
    const snapshot = page.snapshotOf(translation);
    const sent = editValuesFromForm(site, form, editValuesFromFile(site, snapshot, new Set()));
    const fields: Record<string, unknown> = { ...snapshot.fields };
    try {
      const changes = changesOf(site, snapshot, sent, form, new Set(page.imagesOf(entry)), entry.type.key === 'post');
      for (const [key, value] of Object.entries(changes.fields)) {
        if (value === null) delete fields[key];
        else fields[key] = value;
      }
    } catch {
      // A field that would be refused on saving (a cover that is not the entry's) keeps its saved value here.
    }
    send(ctx, session, entry, translation, { title: sent.title || translation.title, body: sent.body, fields });
  });
}
