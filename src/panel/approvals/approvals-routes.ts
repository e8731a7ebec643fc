import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createApprovalsHandlers } from './approvals.js';

/** Waiting for approval and the approval-mode switch. */
export function registerApprovalRoutes(router: Router, deps: PanelDeps): void {
  const approvals = createApprovalsHandlers(deps);
  router.get('/svc/panel/approvals', approvals.show);
  router.post('/svc/panel/approvals/publish', approvals.publish);
  router.post('/svc/panel/approvals/mode', approvals.switchMode);
}
