import { join } from 'node:path';
import type { Clock } from '../../lib/clock.js';
import type { Principal } from '../../auth/principal.js';
import { withFileLock } from '../../lib/file-lock.js';
import type { ContentStore } from '../store.js';
import { appendHistory } from '../history.js';
import type { HistoryAction } from '../history.js';

// What every write action receives: where to write, the clock, and who acts through what. The same actions
// serve MCP tools (via: mcp, with the token's name in the history) and the panel (via: panel).

export interface WriteContext {
  store: ContentStore;
  /** The private data folder (revisions, styles, history, locks). */
  dataDir: string;
  clock: Clock;
}

export interface Actor {
  principal: Principal;
  via: 'mcp' | 'panel';
}

/**
 * Serializes changes to one entry across processes (the HTTP server and stdio servers) with a lock file
 * under `data/locks/`. Ids are `[a-z0-9-]` segments, so replacing `/` with `+` keeps names distinct.
 */
export function withEntryLock<T>(context: WriteContext, lockName: string, action: () => T): T {
  return withFileLock(join(context.dataDir, 'locks', `${lockName.replaceAll('/', '+')}.lock`), action);
}

export function recordChange(context: WriteContext, actor: Actor, action: HistoryAction, entry: string | null, language: string | null, detail?: string): void {
  appendHistory(context.dataDir, {
    time: new Date(context.clock()).toISOString(),
    person: actor.principal.accountId,
    action,
    entry,
    language,
    via: actor.via,
    token: actor.via === 'mcp' ? actor.principal.tokenName : null,
    ...(detail === undefined ? {} : { detail }),
  });
}
