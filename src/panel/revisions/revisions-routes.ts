import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createRevisionHandlers } from './revisions.js';
import { REVISIONS_PATH } from './revisions-view.js';

/** An entry's earlier versions, a diff of one against now, and Restore. */
export function registerRevisionRoutes(router: Router, deps: PanelDeps): void {
  const revisions = createRevisionHandlers(deps);
  router.get(REVISIONS_PATH, revisions.show);
  router.get(`${REVISIONS_PATH}/diff`, revisions.showDiff);
  router.post(`${REVISIONS_PATH}/restore`, revisions.restore);
}
