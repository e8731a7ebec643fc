import type { AppDeps } from './app-deps.js';
import type { EdgeSettings } from '../edge/edge-settings.js';
import { CachePurger } from '../edge/cache-purger.js';

/**
 * Starts sending cache purges from the change feed to the targets the settings name (none: nothing runs).
 * `pollMs`: the feed follower's poll, for tests that change files behind its watch.
 */
export function startCachePurger(app: Pick<AppDeps, 'content' | 'config' | 'clock' | 'log'>, edge: EdgeSettings, pollMs?: number): CachePurger | null {
  const feed = app.content.changes?.feed;
  if (!feed || edge.targets.length === 0) return null;
  const purger = new CachePurger({
    feed, targets: edge.targets, dataDir: app.config.dataDir, clock: app.clock, log: app.log, ...(pollMs ? { pollMs } : {}),
    content: { site: () => app.content.site(), entry: (id) => app.content.entry(id), absoluteUrl: (path) => app.content.absoluteUrl(path) },
  });
  purger.start();
  return purger;
}
