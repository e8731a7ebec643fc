// Removes what has run out: expired codes and refresh tokens, refresh tokens whose access token was
// revoked, and registrations that never obtained a token. No timer (shared hosting may run no daemon):
// the OAuth endpoints call maybeRun(), which does the work at most once an hour.
import type { Clock } from '../lib/clock.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ClientStore } from './client-store.js';
import type { CodeStore } from './code-store.js';
import type { RefreshStore } from './refresh-store.js';

/** The parts of the OAuth service that cleanup works on (the service hands itself in). */
export interface CleanupTarget {
  clock: Clock;
  log: (line: string) => void;
  clients: ClientStore;
  codes: CodeStore;
  refresh: RefreshStore;
  people: Pick<AuthService, 'getToken'>;
}

const INTERVAL_MS = 60 * 60 * 1000;
/** A registration that has not obtained a token within a week is abandoned. */
const ABANDONED_CLIENT_MS = 7 * 24 * 60 * 60 * 1000;

export interface CleanupCounts {
  codes: number;
  refreshTokens: number;
  clients: number;
}

export class OAuthCleanup {
  private lastRun = Number.NEGATIVE_INFINITY;

  constructor(private readonly oauth: CleanupTarget) {}

  maybeRun(): CleanupCounts | null {
    const now = this.oauth.clock();
    if (now - this.lastRun < INTERVAL_MS) return null;
    this.lastRun = now;
    try {
      return this.run();
    } catch (error) {
      // Cleanup never fails the request that happened to trigger it.
      this.oauth.log(`svc: OAuth cleanup failed: ${(error as Error).message}`);
      return null;
    }
  }

  run(): CleanupCounts {
    const { oauth } = this;
    const codes = oauth.codes.removeExpired();
    let refreshTokens = oauth.refresh.removeExpired();
    refreshTokens += this.removeOrphanedRefreshTokens();
    const clients = oauth.clients.removeAbandoned(ABANDONED_CLIENT_MS);
    return { codes, refreshTokens, clients };
  }

  /** Live refresh tokens whose access token was revoked (its file deleted) no longer work: drop them. */
  private removeOrphanedRefreshTokens(): number {
    const { oauth } = this;
    let removed = 0;
    for (const id of oauth.refresh.folder.ids()) {
      const record = oauth.refresh.folder.read(id);
      if (!record || record.rotatedAt !== null) continue;
      if (oauth.people.getToken(record.accessTokenId)) continue;
      oauth.refresh.folder.remove(id);
      removed++;
    }
    return removed;
  }
}
