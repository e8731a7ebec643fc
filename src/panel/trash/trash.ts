// The Trash page: the items this person may see, newest first, a page at a time; Restore; and for admins
// Delete for good and Empty the trash. Items older than 30 days are deleted for good whenever the trash is
// looked at or added to, so nobody has to remember.
import type { PanelDeps } from '../panel-deps.js';
import type { RequestContext, Router } from '../../http/router.js';
import { redirect } from '../../http/respond.js';
import { AppError } from '../../errors.js';
import { appendHistory } from '../../content/history.js';
import { deleteForGood, itemExpiry, itemIds, readItem, removeExpired, type TrashItem } from '../../content/trash/trash-items.js';
import { canPurgeTrash, canRestoreTrashItem, canSeeTrashItem } from '../../content/trash/trash-rights.js';
import { restoreDeleted } from '../../content/write/restore-deleted.js';
import type { WriteContext } from '../../content/write/write-context.js';
import { renderPage, sendPanelMessage, sendPanelPage, type PanelNotice } from '../layout.js';
import { panelActor } from '../panel-principal.js';
import { requirePanelPost, requirePanelSession, type PanelSession } from '../panel-session.js';
import { renderTrash, TRASH_PATH, TRASH_PER_PAGE } from './trash-view.js';
import { fill, words } from '../words/panel-words.js';
import { fileStorage } from '../../content/storage/file-storage.js';

/** What a redirect back to the page may announce: a fixed sentence per `done`, never text from the address. */
const DONE = ['restored', 'purged', 'emptied'] as const;

function noticeOf(params: URLSearchParams): PanelNotice | null {
  const w = words().trash;
  const done = params.get('done') ?? '';
  if (done === 'trashed') {
    const n = Number(params.get('n'));
    return { kind: 'ok', text: Number.isSafeInteger(n) && n > 1 ? fill(w.movedMany, { count: n }) : w.moved };
  }
  const known = DONE.find((what) => what === done);
  return known ? { kind: 'ok', text: w[known] } : null;
}

export function registerTrashRoutes(router: Router, deps: PanelDeps): void {
  const context: WriteContext = { store: deps.content, dataDir: deps.config.dataDir, clock: deps.clock };
  const dataDir = deps.config.dataDir;
  const back = (ctx: RequestContext, done: string) => redirect(ctx.res, `${TRASH_PATH}?done=${done}`, 303, { 'cache-control': 'no-store' });

  /** The items this person may see: for editors and admins, only the page shown is read. */
  const visibleItems = (session: PanelSession, page: number): { items: TrashItem[]; total: number } => {
    const principal = panelActor(session).principal;
    const ids = itemIds(dataDir);
    const from = (page - 1) * TRASH_PER_PAGE;
    if (principal.capabilities.has('content.edit_all')) {
      const items = ids.slice(from, from + TRASH_PER_PAGE).map((id) => readItem(dataDir, id)).filter((item): item is TrashItem => item !== null);
      return { items, total: ids.length };
    }
    const mine = ids.map((id) => readItem(dataDir, id)).filter((item): item is TrashItem => item !== null && canSeeTrashItem(principal, item));
    return { items: mine.slice(from, from + TRASH_PER_PAGE), total: mine.length };
  };

  router.get(TRASH_PATH, (ctx: RequestContext) => {
    const session = requirePanelSession(ctx, deps, 'content.write');
    if (!session) return;
    removeExpired(deps.trustedFolders, dataDir, deps.content, deps.clock());
    const pageText = ctx.url.searchParams.get('page') ?? '1';
    const asked = /^[1-9][0-9]{0,5}$/.test(pageText) ? Number(pageText) : 1;
    let { items, total } = visibleItems(session, asked);
    const pages = Math.max(1, Math.ceil(total / TRASH_PER_PAGE));
    const page = Math.min(asked, pages);
    if (page !== asked) ({ items, total } = visibleItems(session, page));
    const principal = panelActor(session).principal;
    const names = new Map(deps.auth.accounts.list().map((account) => [account.id, account.name]));
    const rows = items.map((item) => {
      const right = canRestoreTrashItem(principal, item);
      return { item, deletedByName: names.get(item.deletedBy) ?? item.deletedBy, expires: new Date(itemExpiry(item.id)).toISOString(), restoreRefusal: right.allowed ? null : right.reason };
    });
    const body = renderTrash({ csrf: session.csrf, timeZone: deps.content.site().timezone, rows, total, page, pages, purge: canPurgeTrash(principal) });
    sendPanelPage(ctx, 200, renderPage({ title: words().trash.title, viewer: session, active: 'trash', body, notice: noticeOf(ctx.url.searchParams) }));
  });

  router.post(`${TRASH_PATH}/restore`, async (ctx: RequestContext) => {
    const posted = await requirePanelPost(ctx, deps, 'content.write');
    if (!posted) return;
    try {
      restoreDeleted(context, panelActor(posted.session), posted.form.get('item') ?? '');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return sendPanelMessage(ctx, error.status, words().trash.notRestored, error.message, posted.session);
    }
    back(ctx, 'restored');
  });

  /** Deleting for good is an admin's, and is recorded in the history (what, by whom). */
  const purge = (session: PanelSession, items: TrashItem[], detail: string) => {
    for (const item of items) deleteForGood(deps.trustedFolders, dataDir, deps.content, item);
    const actor = panelActor(session);
    appendHistory(dataDir, { time: new Date(deps.clock()).toISOString(), person: actor.principal.accountId, action: 'trash_emptied', entry: items.length === 1 ? items[0]!.entry : null, language: items.length === 1 ? items[0]!.language : null, via: 'panel', token: null, detail }, fileStorage(deps.trustedFolders));
  };

  router.post(`${TRASH_PATH}/purge`, async (ctx: RequestContext) => {
    const posted = await requirePanelPost(ctx, deps, 'settings.manage');
    if (!posted) return;
    const item = readItem(dataDir, posted.form.get('item') ?? '');
    if (!item) return sendPanelMessage(ctx, 404, words().trash.notInTrash, words().trash.notInTrashText, posted.session);
    purge(posted.session, [item], `deleted for good: ${item.kind === 'media' ? item.file : item.kind === 'translation' ? `the ${item.language} translation` : 'the entry'} (${item.id})`);
    back(ctx, 'purged');
  });

  router.post(`${TRASH_PATH}/empty`, async (ctx: RequestContext) => {
    const posted = await requirePanelPost(ctx, deps, 'settings.manage');
    if (!posted) return;
    if (posted.form.get('confirm') !== 'yes') return sendPanelMessage(ctx, 400, words().trash.notEmptied, words().trash.notEmptiedText, posted.session);
    // Counted as they go: an item restored meanwhile (another request, another server) is none deleted.
    let deleted = 0;
    for (const id of itemIds(dataDir)) if (deleteForGood(deps.trustedFolders, dataDir, deps.content, id)) deleted++;
    appendHistory(dataDir, { time: new Date(deps.clock()).toISOString(), person: posted.session.account.id, action: 'trash_emptied', entry: null, language: null, via: 'panel', token: null, detail: `${deleted} ${deleted === 1 ? 'item' : 'items'} deleted for good` }, fileStorage(deps.trustedFolders));
    back(ctx, 'emptied');
  });
}
