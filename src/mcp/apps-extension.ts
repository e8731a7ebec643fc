// MCP Apps (SEP-1865, extension io.modelcontextprotocol/ui): whether a client declared it, and what the
// dispatchers ask of the apps once it has. This file is all a client without the extension ever loads of
// the apps: the views themselves (apps/app-catalog.ts and the files beside it) load on the first request of a
// client that declared it, so everyone else's answers stay exactly what they were.
import { ErrorCodes, RpcError } from '../jsonrpc/messages.js';
import type { McpContext, McpSession } from './context.js';
import type { CallToolResult } from './tool-call.js';

export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The scheme of every app resource (reserved for MCP Apps by the extension). */
export const APP_SCHEME = 'ui://';

/**
 * The 2025 revisions over HTTP keep no session (D6): a client that declared the extension at initialize is
 * given an Mcp-Session-Id starting with this, which it sends back with every request (the transport spec
 * says it must), and the server recognizes it without keeping anything. The id grants nothing: it only
 * says the client can draw apps; every request is still checked against its token.
 */
export const APPS_SESSION_PREFIX = 'svc-apps-';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ClientCapabilities naming the extension with the HTML profile among its mimeTypes (the spec's required setting). */
export function declaresApps(capabilities: unknown): boolean {
  if (!isPlainObject(capabilities) || !isPlainObject(capabilities.extensions)) return false;
  const ui = capabilities.extensions[UI_EXTENSION];
  return isPlainObject(ui) && Array.isArray(ui.mimeTypes) && ui.mimeTypes.includes(APP_MIME_TYPE);
}

/** The 2025 era: what initialize declared (kept on the session); 2026-07-28: what this very request declares. */
export function appsDeclared(session: McpSession): boolean {
  return session.apps === true || (session.clientCapabilities !== undefined && declaresApps(session.clientCapabilities));
}

/** A resources/read result of an app view. */
export type AppReadAnswer = { contents: Array<Record<string, unknown>> };

/** A tool as tools/list shows it. */
export type ListedTool = Record<string, unknown> & { name: string };

/** What the shared methods ask of the apps, for a client that declared the extension only. */
export interface McpApps {
  /** The listed tools, those that have a view with `_meta.ui.resourceUri`. */
  linkTools(tools: ListedTool[]): ListedTool[];
  /** The tool's result with what its view needs beside it in `_meta` (the result itself unchanged). */
  dressResult(tool: string, args: Record<string, unknown>, result: CallToolResult, context: McpContext): CallToolResult | Promise<CallToolResult>;
  /** The views as resources/list shows them (after the other resources, on the last page). */
  listViews(): Array<Record<string, unknown>>;
  /** resources/read of a ui:// address: a kept answer as it is, without a promise. */
  read(uri: string, context: McpContext): AppReadAnswer | Promise<AppReadAnswer>;
}

/** resources/read of a ui:// address by a client that never declared the extension: a sentence saying so. */
export function undeclaredAppRefusal(uri: string): RpcError {
  return new RpcError(ErrorCodes.invalidParams,
    `The resource ${uri.slice(0, 200)} is an MCP Apps view; it is served only to clients that declare the extension ${UI_EXTENSION} with the mime type ${APP_MIME_TYPE} in their capabilities (at initialize, or in each request's _meta from 2026-07-28 on).`,
    { uri: uri.slice(0, 200), extension: UI_EXTENSION });
}
