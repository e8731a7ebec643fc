import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createApprovalsHandlers } from './approvals.js';
import { APPROVALS_PATH } from './approvals-view.js';

/** Waiting for approval (publish now or at the requested time, send back with a note) and the approval-mode switch. */
export function registerApprovalRoutes(router: Router, deps: PanelDeps): void {
  const approvals = createApprovalsHandlers(deps);
  router.get(APPROVALS_PATH, approvals.show);
  router.post(`${APPROVALS_PATH}/publish`, approvals.publish);
  router.post(`${APPROVALS_PATH}/send-back`, approvals.sendBack);
  router.post(`${APPROVALS_PATH}/mode`, approvals.switchMode);
  router.post(`${APPROVALS_PATH}/live`, approvals.switchMode);
  router.post(`${APPROVALS_PATH}/publish-change`, approvals.answerChange);
  router.post(`${APPROVALS_PATH}/send-back-change`, approvals.answerChange);
}
