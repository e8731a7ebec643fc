import type { Router } from '../http/router.js';
import { serveStylesheet, PANEL_CSS_PATH } from './stylesheet.js';
import { createSignInHandlers } from './sign-in/sign-in.js';
import { createAssistantsHandlers } from './assistants/assistants.js';
import { createAccountHandlers } from './account/account.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { showHome } from './home/home.js';
import type { PanelDeps } from './panel-session.js';

/** Sign-in, sign-out, the panel's home, the stylesheet, the Assistants page and Your account. */
export function registerPanelRoutes(router: Router, deps: PanelDeps): void {
  // One throttle for every password and code check, at sign-in and on the account page.
  const throttle = new SignInThrottle(deps.clock);
  const signIn = createSignInHandlers(deps, throttle);
  const assistants = createAssistantsHandlers(deps);
  const account = createAccountHandlers(deps, throttle);
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
  router.get('/svc/panel/account', account.show);
  router.post('/svc/panel/account/password', account.changePassword);
  router.post('/svc/panel/account/two-factor/start', account.startTwoFactor);
  router.post('/svc/panel/account/two-factor/confirm', account.confirmTwoFactor);
  router.post('/svc/panel/account/two-factor/off', account.turnTwoFactorOff);
}
