// A panel session seen as a Principal, so the panel runs the same write actions and role rules as MCP
// (with via: panel and no token name in the history).
import type { Principal } from '../auth/principal.js';
import type { Actor } from '../content/write/write-context.js';
import type { PanelSession } from './panel-session.js';

export function panelActor(session: PanelSession): Actor {
  const principal: Principal = {
    accountId: session.account.id,
    name: session.name,
    email: session.account.email,
    role: session.account.role,
    capabilities: session.capabilities,
    grantedScopes: [],
    scopes: new Set(),
    tokenName: '',
    tokenId: '',
  };
  return { principal, via: 'panel' };
}
