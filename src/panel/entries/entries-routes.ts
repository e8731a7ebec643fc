import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createEntriesHandlers } from './entries-handlers.js';
import { ENTRIES_PATH } from './entries-list-view.js';

/**
 * The panel's Content pages. The actions come first: `new`, `save`, `add-translation`, `publish` and `unpublish` are single segments,
 * never entry ids (those have two to four), so the `*` page route cannot take them.
 */
export function registerEntryRoutes(router: Router, deps: PanelDeps): void {
  const entries = createEntriesHandlers(deps);
  router.get(ENTRIES_PATH, entries.list);
  router.post(`${ENTRIES_PATH}/new`, entries.create);
  router.post(`${ENTRIES_PATH}/save`, entries.save);
  router.post(`${ENTRIES_PATH}/add-translation`, entries.addTranslation);
  router.post(`${ENTRIES_PATH}/publish`, entries.publish);
  router.post(`${ENTRIES_PATH}/unpublish`, entries.unpublish);
  router.get(`${ENTRIES_PATH}/*`, entries.show);
}
