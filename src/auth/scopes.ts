import { SCOPES, type Capability, type Scope } from './principal.js';

/** The spec's "Scopes" table: a scope is offered to (and works for) people holding any of these rights. */
export const SCOPE_RIGHTS: Readonly<Record<Scope, readonly Capability[]>> = {
  'stats:read': ['stats.view'],
  'content:read': ['content.write'],
  'content:write': ['content.write'],
  'content:publish': ['content.publish', 'content.publish_all'],
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Whether a role with these capabilities may hold (and use) the scope. */
export function roleAllowsScope(capabilities: ReadonlySet<Capability>, scope: Scope): boolean {
  return SCOPE_RIGHTS[scope].some((right) => capabilities.has(right));
}

/** The scopes offered to a role, in the spec's order. */
export function scopesOffered(capabilities: ReadonlySet<Capability>): Scope[] {
  return SCOPES.filter((scope) => roleAllowsScope(capabilities, scope));
}

/** D9: of the granted scopes, those the owner's role allows right now. */
export function effectiveScopes(granted: readonly Scope[], capabilities: ReadonlySet<Capability>): Set<Scope> {
  return new Set(granted.filter((scope) => roleAllowsScope(capabilities, scope)));
}
