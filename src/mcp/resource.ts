// Declaring a resource: a small file calls defineResource and wiring/mcp-registry.ts lists it.
import type { Scope } from '../auth/principal.js';
import type { McpContext } from './context.js';

export interface Resource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: 'text/markdown' | 'application/json' | 'text/plain';
  /** The scope a token needs to read it, or null. Listed whatever the token's scopes, like tools (D5). */
  scope: Scope | null;
  read: (context: McpContext) => string | Promise<string>;
}

export function defineResource(spec: Resource): Resource {
  if (!/^[a-z][a-z0-9+.-]*:\/\/\S+$/.test(spec.uri)) throw new Error(`resource uri ${spec.uri} is not a URI`);
  return spec;
}
