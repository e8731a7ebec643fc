// Everything a route module or MCP tool may use, constructed once by the entry points (server.ts, stdio.ts).
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { BearerVerifier } from '../auth/principal.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ContentStore } from '../content/store.js';
import type { OAuthService } from '../oauth/oauth-service.js';
import type { StatsService } from '../stats/stats-service.js';
import type { WebhookAdmin } from '../edge/webhook-admin.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface AppDeps {
  config: Config;
  clock: Clock;
  log: (line: string) => void;
  /**
   * The site's folders below which no symbolic link is followed (lib/trusted-folders.ts): made once with
   * its configuration and shared by every store here.
   */
  trustedFolders: TrustedFolders;
  /** Accounts, roles, tokens, panel sessions; `auth.verify(token)` is the BearerVerifier. */
  auth: AuthService;
  /** The bearer check alone: `auth` itself, or (stdio) a TokenVerifier that spares loading the rest of it. */
  verifier: BearerVerifier;
  /** The flat-file content store over content/. */
  content: ContentStore;
  /** The OAuth 2.1 authorization server's clients, codes and refresh tokens (data/oauth/). */
  oauth: OAuthService;
  /** Statistics: collection into data/stats/, rollups, queries. */
  stats: StatsService;
  /** Webhook endpoints and their deliveries (data/webhooks/); built on first use. */
  webhooks: WebhookAdmin;
}
