// The `scope` parameter (RFC 6749 §3.3): space-separated, order and repeats irrelevant.
import { SCOPES, type Scope } from '../auth/principal.js';

export interface ParsedScope {
  scopes: Scope[];
  unknown: string[];
}

export function parseScopeParam(text: string | null | undefined): ParsedScope {
  const scopes = new Set<Scope>();
  const unknown: string[] = [];
  for (const part of (text ?? '').split(' ')) {
    if (part === '') continue;
    if ((SCOPES as readonly string[]).includes(part)) scopes.add(part as Scope);
    else unknown.push(part);
  }
  // Keep the canonical order so answers and records read the same whatever the client sent.
  return { scopes: SCOPES.filter((scope) => scopes.has(scope)), unknown };
}

export function formatScopes(scopes: readonly string[]): string {
  return scopes.join(' ');
}
