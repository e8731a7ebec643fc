// Who is calling: a team member acting through one of their tokens. Built fresh on every request from the
// token file, the account and the account's role, so role changes and removed accounts take effect at once.

export const SCOPES = ['stats:read', 'content:read', 'content:write', 'content:publish'] as const;
export type Scope = (typeof SCOPES)[number];

export const CAPABILITIES = [
  'content.write',
  'content.edit_all',
  'content.publish',
  'content.publish_all',
  'stats.view',
  'assistants.use',
  'settings.manage',
  'team.manage',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface Principal {
  accountId: string;
  name: string;
  email: string;
  role: string;
  capabilities: ReadonlySet<Capability>;
  /** Scopes the token was granted. */
  grantedScopes: readonly Scope[];
  /** Granted scopes the owner's role still allows right now (D9); only these work. */
  scopes: ReadonlySet<Scope>;
  tokenName: string;
  /** SHA-256 hex of the token: its id on disk. Never the token itself. */
  tokenId: string;
}

/** Whether the principal's token may do a thing that needs `scope` (null: any token may). */
export function holdsScope(principal: Principal, scope: Scope | null): boolean {
  return scope === null || principal.scopes.has(scope);
}

/** What the resource side (MCP, Content API) needs from the people side. */
export interface BearerVerifier {
  /** The principal for a token text, or null for an unknown, expired or revoked token or a removed owner. */
  verify(tokenText: string): Principal | null;
}

/** The bearer token in an Authorization header, or undefined. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const space = value.indexOf(' ');
  if (space < 0 || value.slice(0, space).toLowerCase() !== 'bearer') return undefined;
  const token = value.slice(space + 1).trim();
  return token.length > 0 ? token : undefined;
}
