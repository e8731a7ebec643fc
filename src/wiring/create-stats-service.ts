import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { StatsService } from '../stats/stats-service.js';
import type { SaltSource } from '../stats/salt-store.js';
import type { StatsContent } from '../stats/page-index.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The statistics of an installation: `data/stats/`, the site's time zone and host names from site.yaml. */
/** `trustedFolders`: the site's (wiring/build-deps.ts); without them, a value trusting the statistics folder. */
export function createStatsService(config: Config, content: StatsContent, clock: Clock, salts?: SaltSource, trustedFolders?: TrustedFolders): StatsService {
  return new StatsService({
    dir: join(config.dataDir, 'stats'),
    ...(trustedFolders ? { trustedFolders } : {}),
    clock,
    log: (line) => process.stderr.write(line + '\n'),
    timeZone: () => content.site().timezone,
    siteHosts: () => {
      const hosts = [hostOf(content.site().url), hostOf(config.baseUrl)].filter((host): host is string => Boolean(host));
      return [...new Set(hosts)];
    },
    ...(salts ? { salts } : {}),
  });
}
