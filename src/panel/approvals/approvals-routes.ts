import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createApprovalsHandlers } from './approvals.js';
import { createEntryHistoryHandlers } from '../entries/entry-history.js';

/** Waiting for approval, the approval-mode switch, and an entry's history and earlier versions. */
export function registerApprovalRoutes(router: Router, deps: PanelDeps): void {
  const approvals = createApprovalsHandlers(deps);
  const history = createEntryHistoryHandlers(deps);
  router.get('/svc/panel/approvals', approvals.show);
  router.post('/svc/panel/approvals/publish', approvals.publish);
  router.post('/svc/panel/approvals/mode', approvals.switchMode);
  router.get('/svc/panel/history', history.show);
  router.get('/svc/panel/history/version', history.showVersion);
}
