// Deleting from the panel: "Move to the trash?" (one entry, several chosen in the Content list, one
// translation, or one media file) and the move itself. The question page shows what goes and where its
// media is still used; the answer carries the versions of the texts shown, so a text changed meanwhile by
// someone else is never deleted unseen.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { canEditEntry, canSeeTranslation } from '../../content/content-rights.js';
import { isEntryId } from '../../content/entries/entry-id.js';
import { mediaUses } from '../../content/media-uses.js';
import type { Entry } from '../../content/entries/types.js';
import { deleteEntry, deleteTranslation } from '../../content/write/delete-entry.js';
import { deletePicture } from '../../content/write/media-edit.js';
import { readTranslationFile } from '../../content/write/translation-file.js';
import { versionOf } from '../../content/write/version-stamp.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelMessage, sendPanelPage } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { renderDeletePage, type DeleteTarget } from './delete-view.js';
import { fill, words } from '../words/panel-words.js';

/** Entries asked for at once (the Content list shows at most a page of them). */
const MAX_AT_ONCE = 200;

/**
 * The status of a delete that did not go through: 400 when nothing was chosen; 403 when every refusal is the
 * role's (as a save, publish or upload refused for the role answers); else 409, what stood in the way being
 * the state of the entries (changed meanwhile, pages below, gone).
 */
function refusalStatus(asked: number, refused: readonly AppError[]): number {
  if (asked === 0) return 400;
  return refused.length > 0 && refused.every((error) => error.kind === 'forbidden') ? 403 : 409;
}

export function createDeleteHandlers(deps: PanelDeps) {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };

  const visible = (id: string, session: PanelSession): Entry | null => {
    const entry = isEntryId(id) ? deps.content.entry(id) : undefined;
    const principal = panelActor(session).principal;
    return entry && [...entry.translations.values()].some((t) => canSeeTranslation(principal, entry, t)) ? entry : null;
  };

  const versionNow = (file: string): string => {
    try { return versionOf(readTranslationFile(context, file).text); } catch { return versionOf(null); }
  };

  /** What the question page says of one entry (or of its translation or file). */
  const targetOf = (entry: Entry, session: PanelSession, language: string | null, file: string | null): DeleteTarget => {
    const principal = panelActor(session).principal;
    const titled = (language ? entry.translations.get(language) : undefined) ?? entry.translations.get(deps.content.site().defaultLanguage) ?? entry.translations.values().next().value;
    const chosen = file ? [] : [...entry.translations.values()].filter((t) => !language || t.language === language);
    const w = words().entries.delete;
    let refusal: string | null = null;
    for (const t of file ? [undefined] : chosen) {
      const right = canEditEntry(principal, entry, t);
      if (!right.allowed) { refusal = right.reason; break; }
    }
    if (!file && language && chosen.length === 0) refusal = fill(w.noTranslation, { id: entry.id, language: language.slice(0, 20) });
    else if (!file && language && entry.translations.size === 1) refusal = fill(w.onlyTranslation, { id: entry.id });
    const files = file ? [file] : language ? [] : deps.content.mediaFiles(entry.id);
    const others = deps.content.entries();
    const uses = files.flatMap((name) => {
      const reference = `media/${entry.id}/${name}`;
      return mediaUses(others, reference, file ? undefined : entry.id).map((use) => ({ reference, use }));
    });
    return {
      id: entry.id, title: titled?.title ?? entry.id, file, mediaCount: files.length, uses, refusal,
      translations: chosen.map((t) => ({ language: t.language, status: t.status, review: t.review, version: versionNow(t.file) })),
    };
  };

  return {
    ask(ctx: RequestContext): void {
      const session = requirePanelSession(ctx, deps, 'content.write');
      if (!session) return;
      const params = ctx.url.searchParams;
      const w = words().entries.delete;
      const ids = [...new Set(params.getAll('id'))].slice(0, MAX_AT_ONCE);
      const language = params.get('language') || null;
      const file = params.get('file') || null;
      const entries = ids.map((id) => visible(id, session)).filter((entry): entry is Entry => entry !== null);
      if (entries.length === 0) return sendPanelMessage(ctx, ids.length === 0 ? 400 : 404, w.nothing, ids.length === 0 ? w.chooseFirst : w.gone, session);
      if ((language || file) && entries.length > 1) return sendPanelMessage(ctx, 400, w.oneAtATime, w.oneAtATimeText, session);
      if (file && !deps.content.mediaFiles(entries[0]!.id).includes(file)) return sendPanelMessage(ctx, 404, w.noFile, fill(w.noFileText, { id: entries[0]!.id }), session);
      const body = renderDeletePage({ csrf: session.csrf, language, targets: entries.map((entry) => targetOf(entry, session, language, file)) });
      sendPanelPage(ctx, 200, renderPage({ title: w.title, viewer: session, active: 'content', body }));
    },

    async remove(ctx: RequestContext): Promise<void> {
      const posted = await requirePanelPost(ctx, deps, 'content.write');
      if (!posted) return;
      const { session, form } = posted;
      const w = words().entries.delete;
      const ids = [...new Set(form.getAll('id'))].slice(0, MAX_AT_ONCE);
      const language = form.get('language') || null;
      const file = form.get('file') || null;
      const seen = new Map<string, Map<string, string>>();
      for (const line of form.getAll('seen')) {
        const [id = '', lang = '', version = ''] = line.split(' ');
        if (!seen.has(id)) seen.set(id, new Map());
        seen.get(id)!.set(lang, version);
      }
      const moved: string[] = [];
      const refused: AppError[] = [];
      for (const id of ids) {
        const entry = visible(id, session);
        try {
          if (!entry) throw new AppError('not_found', fill(w.notThere, { id: id.slice(0, 200) }));
          // A picture goes with its width variants (media-edit.ts).
          if (file) deletePicture(context, panelActor(session), id, file);
          else if (language) deleteTranslation(context, panelActor(session), id, language, seen.get(id) ?? new Map());
          else deleteEntry(context, panelActor(session), id, seen.get(id) ?? new Map());
          moved.push(id);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.push(error);
        }
      }
      if (refused.length === 0 && moved.length > 0) {
        const back = file ? `/svc/panel/entries/${moved[0]}?done=file-trashed#media`
          : language ? `/svc/panel/entries/${moved[0]}?done=translation-trashed&language=${encodeURIComponent(language)}`
            : `/svc/panel/trash?done=trashed&n=${moved.length}`;
        return redirect(ctx.res, back, 303, { 'cache-control': 'no-store' });
      }
      const what = moved.length === 0 ? w.nothingMoved : fill(w.moved, { ids: moved.join(', ') });
      sendPanelMessage(ctx, refusalStatus(ids.length, refused), w.notDeleted, [what, ...refused.map((error) => error.message)].join(' ') || w.chooseWhat, session);
    },
  };
}
