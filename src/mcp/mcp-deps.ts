// What the MCP server (tools, resources, prompts, both transports) needs from the installation. Declared here,
// built by the composition root (src/wiring/), so nothing in mcp/ knows how the installation is put together.
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ContentStore } from '../content/store.js';
import type { StatsService } from '../stats/stats-service.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface McpDeps {
  /**
   * The public address (every URL an answer names), the data folder, whether to trust proxy headers, and
   * the MCP rate limit (`rateLimits: false`, SVC_RATE_LIMITS=off, lifts it; SVC_RATE_LIMIT_MCP sets it).
   */
  config: Pick<Config, 'baseUrl' | 'dataDir' | 'trustProxy' | 'rateLimits'>;
  clock: Clock;
  log: (line: string) => void;
  /** The site's folders below which no symbolic link is followed (lib/trusted-folders.ts). */
  trustedFolders: TrustedFolders;
  /** Bearer tokens: who a token belongs to, for every request. */
  auth: Pick<AuthService, 'verify'>;
  content: ContentStore;
  /** Statistics for the stats_* tools; built on first use by the composition root. */
  stats: StatsService;
}
