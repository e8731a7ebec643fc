import { AppError } from '../errors.js';
import type { Principal } from '../auth/principal.js';

/**
 * Statistics need the scope stats:read and, right now, the owner's stats.view right (D9: a role change
 * takes effect at once). The MCP core and the API check the scope; this is the second half, kept here
 * so every statistics answer goes through it.
 */
export function requireStatsView(principal: Principal, what: string): void {
  if (!principal.scopes.has('stats:read')) {
    throw new AppError('forbidden', `This token may not use ${what}: it needs the scope stats:read.`);
  }
  if (!principal.capabilities.has('stats.view')) {
    throw new AppError('forbidden', `The role ${principal.role} of ${principal.name} may not view statistics, so this token may not use ${what}.`);
  }
}
