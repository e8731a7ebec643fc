// The 2025-era MCP methods on top of the JSON-RPC dispatcher: the initialize handshake, ping and logging
// around the shared methods (mcp-methods.ts). Both transports run this same dispatcher with the same registry
// for 2025 clients; the 2026-07-28 revision has its own (modern-server.ts).
import { Dispatcher } from '../jsonrpc/dispatcher.js';
import type { McpContext } from './context.js';
import { negotiateProtocolVersion } from './protocol-version.js';
import { SERVER_INSTRUCTIONS, serverInfo } from './server-introduction.js';
import { initializeParams, setLevelParams } from './params.js';
import { createMcpMethods, type McpServerOptions } from './mcp-methods.js';
import { declaresApps } from './apps-extension.js';

export type { McpRegistry, McpServerOptions } from './mcp-methods.js';

export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: { subscribe: false, listChanged: false },
  prompts: { listChanged: false },
  logging: {},
  completions: {},
};

export function createMcpDispatcher(options: McpServerOptions): Dispatcher<McpContext> {
  const dispatcher = new Dispatcher<McpContext>({ log: options.log });

  dispatcher.method('initialize', (params, context) => {
    const { protocolVersion } = initializeParams(params);
    const negotiated = negotiateProtocolVersion(protocolVersion);
    context.session.protocolVersion = negotiated;
    if (declaresApps((params as { capabilities?: unknown }).capabilities)) context.session.apps = true;
    return { protocolVersion: negotiated, capabilities: CAPABILITIES, serverInfo: serverInfo(), instructions: SERVER_INSTRUCTIONS };
  });
  dispatcher.notification('notifications/initialized', () => {});
  dispatcher.notification('notifications/cancelled', () => {});
  dispatcher.method('ping', () => ({}));

  dispatcher.method('logging/setLevel', (params, context) => {
    const { level } = setLevelParams(params);
    context.session.logLevel = level;
    return {};
  });

  for (const [name, handler] of Object.entries(options.methods ?? createMcpMethods(options))) dispatcher.method(name, handler);
  return dispatcher;
}
