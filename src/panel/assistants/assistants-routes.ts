import type { PanelSessionDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createAssistantsHandlers } from './assistants.js';

/** Assistants: the person's tokens, making one, revoking one. */
export function registerAssistantsRoutes(router: Router, deps: PanelSessionDeps): void {
  const assistants = createAssistantsHandlers(deps);
  router.get('/svc/panel/assistants', assistants.show);
  router.post('/svc/panel/assistants', assistants.create);
  router.post('/svc/panel/assistants/revoke', assistants.revoke);
}
