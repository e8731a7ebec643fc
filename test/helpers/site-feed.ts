// A site's change feed as a reader in the test process sees it: the feed every svc process of the site
// appends to (data/feed/, its lock in data/locks/), read to check what was recorded, once and in order.
import { join } from 'node:path';
import { ChangeFeed } from '../../dist/feed/change-feed.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

/** The change feed of the data folder `dataDir` (a site's `<root>/data`). */
export function feedIn(dataDir: string): ChangeFeed {
  return new ChangeFeed({ dir: join(dataDir, 'feed'), lockPath: join(dataDir, 'locks', 'feed.lock'), trustedFolders: new TrustedFolders([dataDir]), clock: Date.now, log: () => {} });
}
