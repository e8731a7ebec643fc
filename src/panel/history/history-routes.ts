import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createHistoryHandlers } from './history.js';
import { HISTORY_PATH } from './history-view.js';

/** The History page (filters in its address) and the old address of one kept version. */
export function registerHistoryRoutes(router: Router, deps: PanelDeps): void {
  const history = createHistoryHandlers(deps);
  router.get(HISTORY_PATH, history.show);
  router.get(`${HISTORY_PATH}/version`, history.showVersion);
}
