// What the Content API needs from the installation. Declared here, built by the composition root
// (src/wiring/), so nothing in api/ knows how the installation is put together.
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ContentStore } from '../content/store.js';
import type { StatsService } from '../stats/stats-service.js';
import type { SharedCachePolicy } from '../http/shared-cache.js';

export interface ApiDeps {
  /**
   * The Content API's limit: `rateLimits: false` (SVC_RATE_LIMITS=off) lifts it, SVC_RATE_LIMIT_API sets it.
   */
  config: Pick<Config, 'rateLimits'>;
  clock: Clock;
  log: (line: string) => void;
  /** Bearer tokens: who a token belongs to. */
  auth: Pick<AuthService, 'verify'>;
  content: ContentStore;
  /** Statistics for `/stats`; built on first use by the composition root. */
  stats: StatsService;
  /** How long a shared cache in front keeps anonymous answers, and the header their cache tags go out in (none when absent). */
  sharedCache?: SharedCachePolicy;
}
