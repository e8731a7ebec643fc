// What the authorization server's routes need from the installation. Declared here, built by the
// composition root (src/wiring/), so nothing in oauth/ knows how the installation is put together.
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import type { OAuthService } from '../oauth-service.js';

export interface OAuthRouteDeps {
  /** The public address the metadata names; `rateLimits: false` (SVC_RATE_LIMITS=off) lifts the limits;
   * SVC_RATE_LIMIT_OAUTH_REGISTER and SVC_RATE_LIMIT_OAUTH_TOKEN set each one. */
  config: Pick<Config, 'baseUrl' | 'rateLimits'>;
  clock: Clock;
  /** Clients, codes and refresh tokens; built on first use by the composition root. */
  oauth: OAuthService;
}
