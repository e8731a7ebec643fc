// The 2026-07-28 revision's methods on the JSON-RPC dispatcher: server/discover and the shared methods
// (mcp-methods.ts), each result dressed as the revision wants it — `resultType`, the server's identity in
// `_meta`, and caching hints on discover, lists and reads. initialize, ping, logging/setLevel and the
// subscription methods are gone from this revision: the dispatcher answers them -32601 (HTTP 404).
import { Dispatcher } from '../jsonrpc/dispatcher.js';
import { ErrorCodes, RpcError } from '../jsonrpc/messages.js';
import { jsonTextOf, withJsonText } from '../jsonrpc/serialize.js';
import type { McpContext } from './context.js';
import { createMcpMethods, RESOURCE_NOT_FOUND, type McpMethod, type McpServerOptions } from './mcp-methods.js';
import { META_SERVER_INFO, META_SUBSCRIPTION_ID } from './modern-request.js';
import { MODERN_PROTOCOL_VERSIONS } from './protocol-version.js';
import { SERVER_INSTRUCTIONS, serverInfo } from './server-introduction.js';

/**
 * What the server offers in this revision. Resources can be subscribed to when the registry has the means
 * (subscriptions/listen with resourceSubscriptions: svc://site and entries); no listChanged: the lists change
 * only with a new version of the server; no logging: the server sends no log messages.
 */
export const MODERN_CAPABILITIES = { tools: {}, resources: { subscribe: true }, prompts: {}, completions: {} };
const WITHOUT_SUBSCRIPTIONS = { ...MODERN_CAPABILITIES, resources: {} };

/**
 * How long a client may keep an answer (S/server/utilities/caching). Lists and discover are the same for
 * every token (D5) and change only with the server itself; a read depends on the token's scopes and on
 * content that changes at any time, so it is private and kept for no time at all.
 */
const LIST_HINTS = { ttlMs: 300_000, cacheScope: 'public' } as const;
const READ_HINTS = { ttlMs: 0, cacheScope: 'private' } as const;
const HINTS: Record<string, { ttlMs: number; cacheScope: 'public' | 'private' }> = {
  'tools/list': LIST_HINTS,
  'prompts/list': LIST_HINTS,
  'resources/list': LIST_HINTS,
  'resources/templates/list': LIST_HINTS,
  'resources/read': READ_HINTS,
};

export function createModernDispatcher(options: McpServerOptions): Dispatcher<McpContext> {
  const methods = options.methods ?? createMcpMethods(options);
  const dispatcher = new Dispatcher<McpContext>({ log: options.log });
  const identity = { [META_SERVER_INFO]: serverInfo() };
  const subscriptions = options.registry.subscriptions;

  dispatcher.method('server/discover', () => ({
    resultType: 'complete',
    supportedVersions: [...MODERN_PROTOCOL_VERSIONS],
    capabilities: subscriptions ? MODERN_CAPABILITIES : WITHOUT_SUBSCRIPTIONS,
    instructions: SERVER_INSTRUCTIONS,
    ...LIST_HINTS,
    _meta: identity,
  }));
  // The only notification a client sends in this revision: it ends the listen it names.
  dispatcher.notification('notifications/cancelled', (params, context) => {
    if (subscriptions) void subscriptions().then((methods) => methods.cancel(params, context));
  });

  for (const [name, handler] of Object.entries(methods)) dispatcher.method(name, modernMethod(handler, { resultType: 'complete', ...HINTS[name], _meta: identity }));
  // Its result ends the stream (subscriptions/listen.ts) and names the listen in `_meta`.
  if (subscriptions) {
    dispatcher.method('subscriptions/listen', (params, context) => subscriptions().then((methods) => methods.listen(params, context)).then(
      (id) => ({ resultType: 'complete', _meta: { [META_SUBSCRIPTION_ID]: id, ...identity } }),
      (error: unknown) => { throw modernRefusal(error); },
    ));
  }
  return dispatcher;
}

/** The shared method with its result dressed for this revision and its refusals in this revision's codes. */
function modernMethod(handler: McpMethod, extra: Record<string, unknown>): McpMethod {
  const extraText = JSON.stringify(extra).slice(1, -1);
  // A kept answer (an app view, a tool's kept answer) comes back as the same object each time: dressed once,
  // its text and bytes are made once too, not spliced anew for every read.
  const dressedOf = new WeakMap<object, Record<string, unknown>>();
  const dress = (result: unknown) => {
    const known = jsonTextOf(result) !== undefined;
    const kept = known ? dressedOf.get(result as object) : undefined;
    if (kept !== undefined) return kept;
    const dressed = dressResult(result as Record<string, unknown>, extra, extraText);
    if (known) dressedOf.set(result as object, dressed);
    return dressed;
  };
  return (params, context) => {
    let value: unknown;
    try {
      value = handler(params, context);
    } catch (error) {
      throw modernRefusal(error);
    }
    return value instanceof Promise ? value.then(dress, (error: unknown) => { throw modernRefusal(error); }) : dress(value);
  };
}

/** `{...result, ...extra}`; a result whose JSON text is known (a tool answer) keeps it, extended rather than written again. */
function dressResult(result: Record<string, unknown>, extra: Record<string, unknown>, extraText: string): Record<string, unknown> {
  // A result with a `_meta` of its own (a tool answer for an app, mcp/apps/) keeps it beside the identity.
  if (result._meta !== undefined) return { ...result, ...extra, _meta: { ...(result._meta as Record<string, unknown>), ...(extra._meta as Record<string, unknown>) } };
  const dressed = { ...result, ...extra };
  const text = jsonTextOf(result);
  if (text === undefined || text === '{}') return dressed;
  return withJsonText(dressed, `${text.slice(0, -1)},${extraText}}`);
}

/** A missing resource is -32602 in this revision (-32002 before). */
function modernRefusal(error: unknown): unknown {
  if (error instanceof RpcError && error.code === RESOURCE_NOT_FOUND) return new RpcError(ErrorCodes.invalidParams, error.message, error.data);
  return error;
}
