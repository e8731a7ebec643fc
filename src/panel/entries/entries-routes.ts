import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createEntriesHandlers } from './entries-handlers.js';
import { createEntryChangeHandlers } from './entry-change-handlers.js';
import { createEntryExtrasHandlers } from './entry-extras-handlers.js';
import { createEntryPage } from './entry-page.js';
import { registerEditorRoutes } from './editor-routes.js';
import { createDeleteHandlers } from './delete-handlers.js';
import { DELETE_PATH } from './delete-view.js';
import { BULK_PATH, ENTRIES_PATH } from './entries-list-view.js';
import { NEW_ENTRY_PATH } from './new-entry-view.js';
import { createBulkHandlers } from './bulk-handlers.js';

/**
 * The panel's Content pages. The actions come first: `new`, `save`, `add-translation`, `publish`, `unpublish`,
 * `style`, `upload`, `cover`, `bulk` and `delete` are single segments, never entry ids (those have two to four), so the `*`
 * page route cannot take them.
 */
export function registerEntryRoutes(router: Router, deps: PanelDeps): void {
  const page = createEntryPage(deps);
  const entries = createEntriesHandlers(deps, page);
  const changes = createEntryChangeHandlers(deps, page);
  const extras = createEntryExtrasHandlers(deps, page);
  router.get(ENTRIES_PATH, entries.list);
  router.get(NEW_ENTRY_PATH, entries.newEntry);
  router.post(NEW_ENTRY_PATH, entries.create);
  router.post(BULK_PATH, createBulkHandlers(deps, page).act);
  router.post(`${ENTRIES_PATH}/save`, changes.save);
  router.post(`${ENTRIES_PATH}/add-translation`, changes.addTranslation);
  router.post(`${ENTRIES_PATH}/publish`, changes.publish);
  router.post(`${ENTRIES_PATH}/unpublish`, changes.unpublish);
  router.post(`${ENTRIES_PATH}/style`, extras.style);
  router.post(`${ENTRIES_PATH}/upload`, extras.upload);
  router.post(`${ENTRIES_PATH}/cover`, extras.cover);
  // The editor's script and its posts without a reload (save, autosave, uploads into the text).
  registerEditorRoutes(router, deps, page);
  // Move to the trash (one entry, several, a translation or a media file): the question, then the move.
  const deletes = createDeleteHandlers(deps);
  router.get(DELETE_PATH, deletes.ask);
  router.post(DELETE_PATH, deletes.remove);
  router.get(`${ENTRIES_PATH}/*`, entries.show);
}
