import type { Principal, Scope } from '../auth/principal.js';
import { roleAllowsScope } from '../auth/scopes.js';

/** Null when the principal may use a thing that needs `scope`; otherwise the sentence to send back (D5). */
export function scopeRefusal(principal: Principal, scope: Scope | null, what: string): string | null {
  if (scope === null || principal.scopes.has(scope)) return null;
  if (principal.grantedScopes.includes(scope)) {
    return `This token may not use ${what}: it needs the scope ${scope}, and the role ${principal.role} of ${principal.name} no longer allows it. Ask an administrator about the role.`;
  }
  // A new token would not help when the role cannot have the scope at all.
  if (!roleAllowsScope(principal.capabilities, scope)) {
    return `This token may not use ${what}: it needs the scope ${scope}, which the role ${principal.role} of ${principal.name} does not offer. Ask an administrator about the role.`;
  }
  return `This token may not use ${what}: it needs the scope ${scope}. Ask ${principal.name} to create a token with the scope ${scope} in the panel under Assistants.`;
}
