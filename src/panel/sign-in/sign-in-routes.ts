import type { PanelSessionDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import type { SignInThrottle } from '../sign-in-throttle.js';
import { createSignInHandlers, LOST_PATH } from './sign-in.js';

/** Sign-in (password, then the two-factor code) and sign-out. `throttle` is shared with Your account. */
export function registerSignInRoutes(router: Router, deps: PanelSessionDeps, throttle: SignInThrottle, siteTitle?: () => string): void {
  const signIn = createSignInHandlers(deps, throttle, siteTitle);
  router.get('/svc/panel/sign-in', signIn.showSignIn);
  router.post('/svc/panel/sign-in', signIn.signIn);
  router.get('/svc/panel/sign-in/code', signIn.showCode);
  router.post('/svc/panel/sign-in/code', signIn.checkCode);
  router.get(LOST_PATH, signIn.showLost);
  router.post('/svc/panel/sign-out', signIn.signOut);
}
