import type { Router } from '../http/router.js';
import { serveStylesheet, PANEL_CSS_PATH } from './stylesheet.js';
import { createSignInHandlers } from './sign-in.js';
import { createAssistantsHandlers } from './assistants.js';
import { showHome } from './home.js';
import type { PanelDeps } from './panel-session.js';

/** Sign-in, sign-out, the panel's home, the stylesheet and the Assistants page. */
export function registerPanelRoutes(router: Router, deps: PanelDeps): void {
  const signIn = createSignInHandlers(deps);
  const assistants = createAssistantsHandlers(deps);
  router.get(PANEL_CSS_PATH, serveStylesheet);
  router.get('/svc/panel/', (ctx) => showHome(ctx, deps));
  router.get('/svc/panel/sign-in', signIn.showSignIn);
  router.post('/svc/panel/sign-in', signIn.signIn);
  router.get('/svc/panel/sign-in/code', signIn.showCode);
  router.post('/svc/panel/sign-in/code', signIn.checkCode);
  router.post('/svc/panel/sign-out', signIn.signOut);
  router.get('/svc/panel/assistants', assistants.show);
  router.post('/svc/panel/assistants', assistants.create);
  router.post('/svc/panel/assistants/revoke', assistants.revoke);
}
