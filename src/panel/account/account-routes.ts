import type { PanelSessionDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import type { SignInThrottle } from '../sign-in-throttle.js';
import { createAccountHandlers } from './account.js';
import { LANGUAGE_PATH } from './language-view.js';

/** Your account: name and email, the panel's language, the password and two-factor. `throttle` is the sign-in's, so guesses here count there too. */
export function registerAccountRoutes(router: Router, deps: PanelSessionDeps, throttle: SignInThrottle): void {
  const account = createAccountHandlers(deps, throttle);
  router.get('/svc/panel/account', account.show);
  router.post('/svc/panel/account/profile', account.changeProfile);
  router.post(LANGUAGE_PATH, account.changeLanguage);
  router.post('/svc/panel/account/password', account.changePassword);
  router.post('/svc/panel/account/two-factor/start', account.startTwoFactor);
  router.post('/svc/panel/account/two-factor/confirm', account.confirmTwoFactor);
  router.post('/svc/panel/account/two-factor/off', account.turnTwoFactorOff);
  router.post('/svc/panel/account/two-factor/recovery-codes', account.renewRecoveryCodes);
}
