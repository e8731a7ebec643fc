import type { McpDeps } from './mcp-deps.js';
import type { Principal } from '../auth/principal.js';
import type { ProtocolVersion } from './protocol-version.js';

/** What stays the same for one MCP conversation: the whole stdio process, or one HTTP request. */
export interface McpSession {
  protocolVersion: ProtocolVersion;
  /** Set by logging/setLevel; kept so a later notification sender can respect it. */
  logLevel: string;
}

/** What every MCP method, tool, resource and prompt handler receives. */
export interface McpContext {
  /** The person the token acts for, verified for this very request. */
  principal: Principal;
  deps: McpDeps;
  session: McpSession;
}
