import type { McpDeps } from './mcp-deps.js';
import type { Principal } from '../auth/principal.js';
import type { ModernProtocolVersion, ProtocolVersion } from './protocol-version.js';
import type { JsonRpcId } from '../jsonrpc/messages.js';
import type { NotificationRoute } from './notification-route.js';

/** What stays the same for one MCP conversation: the whole stdio process, or one HTTP request. */
export interface McpSession {
  protocolVersion: ProtocolVersion | ModernProtocolVersion;
  /** Set by logging/setLevel (or a modern request's `_meta` logLevel); kept so a later notification sender can respect it. */
  logLevel: string;
  /** What a 2026-07-28 request declared in `_meta` (never relied on beyond what it declares); absent on the 2025 path. */
  clientCapabilities?: Record<string, unknown>;
  /** The 2025 path: the client declared MCP Apps (io.modelcontextprotocol/ui) at initialize (mcp/apps/). */
  apps?: true;
  /** The id of the 2026-07-28 request being answered (a listen's notifications carry it). */
  requestId?: JsonRpcId;
}

/** What every MCP method, tool, resource and prompt handler receives. */
export interface McpContext {
  /** The person the token acts for, verified for this very request. */
  principal: Principal;
  deps: McpDeps;
  session: McpSession;
  /** How this request may send notifications (subscriptions/); absent where the transport lends none. */
  notifications?: NotificationRoute;
}
