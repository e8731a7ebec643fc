// What the public website (pages, feeds, media, the statistics endpoints) needs from the installation.
// Declared here, built by the composition root (src/wiring/), so nothing in site/ knows how the installation
// is put together, nor how the panel keeps its sessions.
import type { RequestContext } from '../http/router.js';
import type { Principal } from '../auth/principal.js';
import type { ContentStore } from '../content/store.js';
import type { StatsService } from '../stats/stats-service.js';
import type { SharedCachePolicy } from '../http/shared-cache.js';

export interface SiteDeps {
  log: (line: string) => void;
  /**
   * Who asks for a file under /media that is not public (a draft's, or any on a closed site): the person
   * signed in to the panel, or the owner of a bearer token with content:read (a headless frontend previewing
   * a draft); null for anyone else. Their role decides which drafts' files they see, as for the drafts.
   */
  mediaViewer: (ctx: RequestContext) => Principal | null;
  content: ContentStore;
  /** Collection, consent counts and crawler hits; built on first use by the composition root. */
  stats: StatsService;
  /** Whether the request comes from a person signed in to the panel (D13: they see a closed site). */
  signedInToPanel: (ctx: RequestContext) => boolean;
  /** How long a shared cache in front keeps public answers, and the header their cache tags go out in. */
  sharedCache: SharedCachePolicy;
}
