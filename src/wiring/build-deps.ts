import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { AppDeps } from './app-deps.js';
import { systemClock } from '../lib/clock.js';
import { AuthService } from '../auth/auth-service.js';
import { ContentStore } from '../content/store.js';
import { useSiteConfigCache } from '../content/site-config-cache.js';
import type { OAuthService } from '../oauth/oauth-service.js';
import type { StatsService } from '../stats/stats-service.js';

type OAuthModule = typeof import('../oauth/oauth-service.js');
type StatsModule = typeof import('./create-stats-service.js');
type SettleModule = typeof import('../content/write/settle-scheduled.js');

export interface BuildDepsOptions {
  /**
   * Load the statistics, OAuth and scheduled-writing modules only when first used (the stdio server: most
   * sessions never touch them). Imported up front, they made its first site_info answer ~45 ms later on
   * Node 24 and ~60 ms on Node 20 (medians of interleaved starts, 2 cores; ~55-65 ms without), and even a
   * first stats_overview ~15 ms later. Needs a Node that can require() an ES module (20.19+, 22.12+);
   * elsewhere they are imported up front as usual.
   */
  lazyModules?: boolean;
  /**
   * The public address is site.yaml's `url` unless --base-url or SVC_BASE_URL names one (the stdio server:
   * it listens nowhere, so the host and port it was given say nothing about where the site is served).
   */
  publicUrlFromSite?: boolean;
}

/**
 * Constructs the stores and services once per process. Shared by server.ts, stdio.ts and cli.ts. The OAuth
 * and statistics services are built on first use (getters), so a process that never needs them pays nothing.
 */
export async function buildDeps(config: Config, clock = systemClock, options: BuildDepsOptions = {}): Promise<AppDeps> {
  const log = (line: string) => process.stderr.write(line + '\n');
  const auth = new AuthService({ dataDir: config.dataDir, clock, log });
  useSiteConfigCache(join(config.dataDir, 'cache'));
  let oauthModule: () => OAuthModule;
  let statsModule: () => StatsModule;
  let settleModule: () => SettleModule;
  if (options.lazyModules && process.features.require_module) {
    // require() of an ES module shares the one module instance with import(): no second copy of anything.
    // Each require function is made when its module is first needed: most stdio sessions need none.
    oauthModule = () => createRequire(import.meta.url)('../oauth/oauth-service.js') as OAuthModule;
    statsModule = () => createRequire(import.meta.url)('./create-stats-service.js') as StatsModule;
    settleModule = () => createRequire(import.meta.url)('../content/write/settle-scheduled.js') as SettleModule;
  } else {
    const [oauthLoaded, statsLoaded, settleLoaded] = await Promise.all([
      import('../oauth/oauth-service.js'), import('./create-stats-service.js'), import('../content/write/settle-scheduled.js'),
    ]);
    oauthModule = () => oauthLoaded;
    statsModule = () => statsLoaded;
    settleModule = () => settleLoaded;
  }
  const urlFromSite = options.publicUrlFromSite === true && !config.baseUrlGiven;
  const content: ContentStore = new ContentStore({
    root: config.root, clock, log, baseUrl: urlFromSite ? undefined : () => config.baseUrl,
    // D2: files of scheduled translations found due are brought up to date (the write code loads only then).
    onScheduledDue: (entryId, language) => settleModule().settleScheduled({ store: content, dataDir: config.dataDir, clock }, entryId, language),
  });
  // Read on use, so an edit of site.yaml's url shows in every address at once, as the rest of site.yaml does.
  if (urlFromSite) Object.defineProperty(config, 'baseUrl', { get: () => content.site().url, enumerable: true, configurable: true });
  let oauth: OAuthService | undefined;
  let stats: StatsService | undefined;
  return {
    config,
    clock,
    log,
    auth,
    content,
    get stats() {
      return (stats ??= statsModule().createStatsService(config, content, clock));
    },
    // Settable like plain properties, e.g. by tests that give statistics a fixed clock and salt.
    set stats(value: StatsService) {
      stats = value;
    },
    get oauth() {
      return (oauth ??= new (oauthModule().OAuthService)({ dataDir: config.dataDir, config, clock, log, people: auth }));
    },
    set oauth(value: OAuthService) {
      oauth = value;
    },
  };
}
