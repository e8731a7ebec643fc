// One wording for a token that lacks a scope, in MCP (a tool error, D5) and in the Content API (403, D10):
// which scope, and what would help — a new token, or a word with an administrator about the role.
import { holdsScope, type Principal, type Scope } from './principal.js';
import { roleAllowsScope } from './scopes.js';

/**
 * Null when the principal may do a thing that needs `scope`; otherwise the sentence to send back.
 * `action` completes "This token may not …": `use the tool content_list`, `read statistics`.
 */
export function scopeRefusal(principal: Principal, scope: Scope | null, action: string): string | null {
  if (scope === null || holdsScope(principal, scope)) return null;
  if (principal.grantedScopes.includes(scope)) {
    return `This token may not ${action}: it needs the scope ${scope}, and the role ${principal.role} of ${principal.name} no longer allows it. Ask an administrator about the role.`;
  }
  // A new token would not help when the role cannot have the scope at all.
  if (!roleAllowsScope(principal.capabilities, scope)) {
    return `This token may not ${action}: it needs the scope ${scope}, which the role ${principal.role} of ${principal.name} does not offer. Ask an administrator about the role.`;
  }
  return `This token may not ${action}: it needs the scope ${scope}. Ask ${principal.name} to create a token with the scope ${scope} in the panel under Assistants.`;
}
