// resources/subscribe and resources/unsubscribe (2025 revisions): the URIs a connection follows, told by
// notifications/resources/updated outside any request. Only a connection that stays open can hear them, so
// only stdio offers it (initialize says `resources.subscribe: true` there); the HTTP endpoint is stateless,
// without a session or an event stream to send them on, and refuses with a pointer to what works.
import { ErrorCodes, RpcError } from '../../jsonrpc/messages.js';
import type { McpContext } from '../context.js';
import type { MessageSink } from '../notification-route.js';
import { listenerHub } from './listener-hub.js';
import { Listener } from './listener.js';
import { SUBSCRIPTIONS_PER_LISTENER } from './limits.js';
import { subscriptionTarget } from './subscription-targets.js';
import { printableUri } from '../mcp-methods.js';

/** The listener of each stdio connection that subscribed to something; gone with its last subscription. */
const byConnection = new WeakMap<MessageSink, Listener>();

function uriOf(params: Record<string, unknown>, method: string): string {
  if (typeof params.uri !== 'string') throw new RpcError(ErrorCodes.invalidParams, `Invalid params for ${method}: uri: Invalid input: expected string, received ${params.uri === null ? 'null' : typeof params.uri}.`);
  return params.uri;
}

function connectionOf(context: McpContext, method: string): MessageSink {
  const connection = context.notifications?.connection;
  if (!connection) {
    throw new RpcError(ErrorCodes.methodNotFound, `${method} needs a connection that stays open, and this HTTP endpoint keeps none (no session, no event stream). Use subscriptions/listen (protocol revision 2026-07-28), or the stdio server.`);
  }
  return connection;
}

export function subscribe(params: Record<string, unknown>, context: McpContext): Record<string, never> {
  const connection = connectionOf(context, 'resources/subscribe');
  const uri = uriOf(params, 'resources/subscribe');
  const followed = subscriptionTarget(uri, context);
  if (!followed) throw new RpcError(ErrorCodes.invalidParams, `${printableUri(uri)} cannot be subscribed to: only svc://site and entries (svc://entry/<id>) are; read the others when needed.`);
  const hub = listenerHub(context.deps.content, context.deps.log);
  let listener = byConnection.get(connection);
  if (listener?.subscriptions.has(uri)) return {};
  if (listener && listener.subscriptions.size >= SUBSCRIPTIONS_PER_LISTENER) {
    throw new RpcError(ErrorCodes.invalidParams, `Too many subscriptions: one connection may follow at most ${SUBSCRIPTIONS_PER_LISTENER} resources. Unsubscribe from one first (resources/unsubscribe), or follow svc://site for the site as a whole.`);
  }
  if (!listener) {
    hub.admit(context.principal.accountId);
    const route = context.notifications!;
    listener = new Listener({
      ...hub.listenerLimits, id: null, person: context.principal.accountId, channel: route.channel, sink: connection, idleMs: null,
      principalNow: () => route.principalNow(),
      onEnd: (ended, reason) => { byConnection.delete(connection); hub.forget(ended, reason); },
    });
    hub.add(listener);
    byConnection.set(connection, listener);
  }
  hub.index(listener.follow(uri, followed.target, followed.seen));
  return {};
}

export function unsubscribe(params: Record<string, unknown>, context: McpContext): Record<string, never> {
  const connection = connectionOf(context, 'resources/unsubscribe');
  const uri = uriOf(params, 'resources/unsubscribe');
  const listener = byConnection.get(connection);
  const subscription = listener?.subscriptions.get(uri);
  if (!listener || !subscription) return {};
  listener.subscriptions.delete(uri);
  listenerHub(context.deps.content, context.deps.log).unindex(subscription);
  // Nothing followed: nothing kept (and the process no longer counts as one of its person's listeners).
  if (listener.subscriptions.size === 0) listener.end('graceful');
  return {};
}
