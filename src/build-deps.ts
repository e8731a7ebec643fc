import type { Config } from './config.js';
import type { AppDeps } from './app-deps.js';
import { systemClock } from './lib/clock.js';
import { AuthService } from './auth/auth-service.js';
import { ContentStore } from './content/store.js';
import { OAuthService } from './oauth/oauth-service.js';
import { createStatsService } from './stats/create-stats-service.js';

/** Constructs the stores and services once per process. Shared by server.ts, stdio.ts and cli.ts. */
export async function buildDeps(config: Config, clock = systemClock): Promise<AppDeps> {
  const log = (line: string) => process.stderr.write(line + '\n');
  const auth = new AuthService({ dataDir: config.dataDir, clock, log });
  const content = new ContentStore({ root: config.root, clock, log, baseUrl: () => config.baseUrl });
  const oauth = new OAuthService({ dataDir: config.dataDir, config, clock, log, people: auth });
  const stats = createStatsService(config, content, clock);
  return { config, clock, log, auth, content, stats, oauth };
}
