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

/** Over stdio the connection stays open, so resources can be subscribed to (subscriptions/resource-subscribe.ts). */
export const STDIO_CAPABILITIES = { ...CAPABILITIES, resources: { subscribe: true, listChanged: false } };

export function createMcpDispatcher(options: McpServerOptions): Dispatcher<McpContext> {
  const dispatcher = new Dispatcher<McpContext>({ log: options.log });
  const subscriptions = options.registry.subscriptions;

  dispatcher.method('initialize', (params, context) => {
    const { protocolVersion } = initializeParams(params);
    const negotiated = negotiateProtocolVersion(protocolVersion);
    context.session.protocolVersion = negotiated;
    if (declaresApps((params as { capabilities?: unknown }).capabilities)) context.session.apps = true;
    const capabilities = context.notifications?.connection && subscriptions ? STDIO_CAPABILITIES : CAPABILITIES;
    return { protocolVersion: negotiated, capabilities, serverInfo: serverInfo(), instructions: SERVER_INSTRUCTIONS };
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
  if (subscriptions) {
    dispatcher.method('resources/subscribe', (params, context) => subscriptions().then((methods) => methods.subscribe(params, context)));
    dispatcher.method('resources/unsubscribe', (params, context) => subscriptions().then((methods) => methods.unsubscribe(params, context)));
  }
  return dispatcher;
}
