import { siteFolders, type Config } from '../config.js';
import type { AppDeps } from './app-deps.js';
import type { Clock } from '../lib/clock.js';
import { preloadAll, requireLater } from '../lib/on-demand.js';
import { createTokenVerifier } from '../auth/token-verifier.js';
import type { AuthService } from '../auth/auth-service.js';
import { ContentStore } from '../content/store.js';
import { useSiteConfigCache } from '../content/settings/site-config-cache.js';
import type { OAuthService } from '../oauth/oauth-service.js';
import type { StatsService } from '../stats/stats-service.js';
import type { WebhookAdmin } from '../edge/webhook-admin.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';

// What only some processes need, built on first use: most stdio sessions never touch the people side beyond
// the token check, statistics, OAuth or the writing code.
const authModule = requireLater<typeof import('../auth/auth-service.js')>('../auth/auth-service.js', import.meta.url);
const oauthModule = requireLater<typeof import('../oauth/oauth-service.js')>('../oauth/oauth-service.js', import.meta.url);
const statsModule = requireLater<typeof import('./create-stats-service.js')>('./create-stats-service.js', import.meta.url);
const webhooksModule = requireLater<typeof import('../edge/webhook-admin.js')>('../edge/webhook-admin.js', import.meta.url);
const siteWritesModule = requireLater<typeof import('../lib/site-writes.js')>('../lib/site-writes.js', import.meta.url);
/**
 * How long the stdio server puts off lib/site-writes.ts: its first answer loads no module it can do without
 * (test/mcp/stdio-startup.test.ts). A write in that first second is not noted; were it cut short, svc check
 * and the listing of its folder find its temp file.
 */
const STDIO_PREPARE_WRITES_MS = 1_000;
const settleModule = requireLater<typeof import('../content/write/settle-scheduled.js')>('../content/write/settle-scheduled.js', import.meta.url);

export interface BuildDepsOptions {
  /**
   * Load the people side beyond the token check (sessions, passwords, two-factor), statistics, OAuth, the
   * writing code and the content index only when first used: the stdio server, whose sessions mostly never
   * touch them. Without it (the HTTP server, the CLI) everything is loaded before the first request.
   */
  lazyModules?: boolean;
  /**
   * The public address is site.yaml's `url` unless --base-url or SVC_BASE_URL names one (the stdio server:
   * it listens nowhere, so the host and port it was given say nothing about where the site is served).
   */
  publicUrlFromSite?: boolean;
  /** The site's trusted folders when the caller made them already (the CLI's commands); else made here from `config`. */
  trustedFolders?: TrustedFolders;
}

/**
 * Constructs the stores and services once per process. Shared by server.ts, stdio.ts and cli.ts. OAuth and
 * statistics are built on first use (getters), and with lazyModules the people side too, so a process that
 * never needs them pays nothing.
 */
export async function buildDeps(config: Config, clock: Clock = Date.now, options: BuildDepsOptions = {}): Promise<AppDeps> {
  const log = (line: string) => process.stderr.write(line + '\n');
  // One value for the site: every store below judges paths by the same folders (lib/trusted-folders.ts).
  const trustedFolders = options.trustedFolders ?? siteFolders(config);
  // The HTTP server and the CLI load it all before the first request.
  if (!options.lazyModules) await preloadAll();
  useSiteConfigCache(trustedFolders, join(config.dataDir, 'cache'));
  // Before any write: what writers killed mid-write left is removed (lib/site-writes.ts).
  if (options.lazyModules) setTimeout(() => siteWritesModule().prepareSiteWrites(trustedFolders, config), STDIO_PREPARE_WRITES_MS).unref();
  else siteWritesModule().prepareSiteWrites(trustedFolders, config);
  let auth: AuthService | undefined;
  const people = () => (auth ??= new (authModule().AuthService)({ dataDir: config.dataDir, clock, log, trustedFolders }));
  if (!options.lazyModules) people();
  const urlFromSite = options.publicUrlFromSite === true && !config.baseUrlGiven;
  const content: ContentStore = new ContentStore({
    root: config.root, clock, log, baseUrl: urlFromSite ? undefined : () => config.baseUrl, cacheDir: join(config.dataDir, 'cache'),
    // Changes are recorded in data/feed and those of other processes followed from there.
    dataDir: config.dataDir,
    trustedFolders,
    // D2: files of scheduled translations found due are brought up to date (the write code loads only then).
    onScheduledDue: (entryId, language) => settleModule().settleScheduled({ store: content, dataDir: config.dataDir, clock }, entryId, language),
  });
  // Read on use, so an edit of site.yaml's url shows in every address at once, as the rest of site.yaml does.
  if (urlFromSite) Object.defineProperty(config, 'baseUrl', { get: () => content.site().url, enumerable: true, configurable: true });
  // A process that only checks tokens has a verifier of its own; one that builds the people side shares its.
  // The stdio server's records each use a moment later, so its first answer never waits on that write.
  const verifier = options.lazyModules ? createTokenVerifier({ dataDir: config.dataDir, clock, log, recordUsesLater: true, trustedFolders }) : undefined;
  let oauth: OAuthService | undefined;
  let stats: StatsService | undefined;
  let webhooks: WebhookAdmin | undefined;
  return {
    config,
    clock,
    log,
    trustedFolders,
    get auth() {
      return people();
    },
    get verifier() {
      return verifier ?? people();
    },
    content,
    get stats() {
      return (stats ??= statsModule().createStatsService(config, content, clock, undefined, trustedFolders));
    },
    // Settable like plain properties, e.g. by tests that give statistics a fixed clock and salt.
    set stats(value: StatsService) {
      stats = value;
    },
    get oauth() {
      return (oauth ??= new (oauthModule().OAuthService)({ dataDir: config.dataDir, config, clock, log, people: people(), trustedFolders }));
    },
    set oauth(value: OAuthService) {
      oauth = value;
    },
    get webhooks() {
      return (webhooks ??= new (webhooksModule().WebhookAdmin)(config.dataDir, clock, false, trustedFolders));
    },
    // Settable: the tests' admin lets endpoints be on 127.0.0.1 (the switch production never has).
    set webhooks(value: WebhookAdmin) {
      webhooks = value;
    },
  };
}
