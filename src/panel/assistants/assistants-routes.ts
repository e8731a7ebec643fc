import type { PanelSessionDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createAssistantsHandlers } from './assistants.js';

/** Assistants: the person's tokens, making one, revoking one; the settings shown name the server after `siteTitle`. */
export function registerAssistantsRoutes(router: Router, deps: PanelSessionDeps, siteTitle?: () => string | undefined): void {
  const assistants = createAssistantsHandlers(deps, siteTitle);
  router.get('/svc/panel/assistants', assistants.show);
  router.post('/svc/panel/assistants', assistants.create);
  router.post('/svc/panel/assistants/revoke', assistants.revoke);
}
