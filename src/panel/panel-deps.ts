// What the panel's pages need from the installation. Declared here, built by the composition root
// (src/wiring/), so nothing in panel/ knows how the installation is put together.
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ContentStore } from '../content/store.js';
import type { StatsService } from '../stats/stats-service.js';
import type { OAuthService } from '../oauth/oauth-service.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface PanelDeps {
  /** The public address (secure cookies, links), the site folder and the data folder (revisions, history). */
  config: Pick<Config, 'baseUrl' | 'root' | 'dataDir'>;
  clock: Clock;
  log: (line: string) => void;
  /** The site's folders below which no symbolic link is followed (lib/trusted-folders.ts). */
  trustedFolders: TrustedFolders;
  /** Accounts, sessions, two-factor, tokens. */
  auth: AuthService;
  content: ContentStore;
  /** The Statistics page; built on first use by the composition root. */
  stats: StatsService;
  /** OAuth consent: the clients and the authorization codes it grants; built on first use. */
  oauth: OAuthService;
}

/** What sessions, sign-in, Your account, Assistants and the home page need: people, not content. */
export type PanelSessionDeps = Pick<PanelDeps, 'config' | 'clock' | 'log' | 'auth' | 'trustedFolders'>;
