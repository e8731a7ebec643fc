// subscriptions/listen (2026-07-28, basic/patterns/subscriptions): one long-lived request whose answer is a
// stream. Its first message acknowledges the filter this server honours; then notifications/resources/updated
// for the URIs followed, each carrying the listen's id; the result ends it. Honoured: resourceSubscriptions
// for svc://site and entries' URIs. Not honoured (left out of the acknowledgement, as the revision says):
// the list-changed filters, since the tools, prompts and resources listed change only with a new version
// of the server, and URIs of other resources (statistics change with every visit).
import { ErrorCodes, RpcError, type JsonRpcId } from '../../jsonrpc/messages.js';
import type { McpContext } from '../context.js';
import { listenerHub } from './listener-hub.js';
import { Listener } from './listener.js';
import { SUBSCRIPTIONS_PER_LISTENER } from './limits.js';
import { subscriptionTarget, type Followed } from './subscription-targets.js';

const METHOD = 'subscriptions/listen';
const LIST_FILTERS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;

/** The filter a listen asks for, checked. */
export function listenFilter(params: Record<string, unknown>): { resourceSubscriptions?: string[] } {
  const refuse = (path: string, problem: string): never => {
    throw new RpcError(ErrorCodes.invalidParams, `Invalid params for ${METHOD}: ${path}: ${problem}.`);
  };
  const filter = params.notifications;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return refuse('notifications', 'Invalid input: expected object (the notifications to receive, e.g. {"resourceSubscriptions": ["svc://site"]})');
  const fields = filter as Record<string, unknown>;
  for (const name of LIST_FILTERS) {
    if (fields[name] !== undefined && typeof fields[name] !== 'boolean') refuse(`notifications.${name}`, 'Invalid input: expected boolean');
  }
  const uris = fields.resourceSubscriptions;
  if (uris === undefined) return {};
  if (!Array.isArray(uris)) return refuse('notifications.resourceSubscriptions', 'Invalid input: expected array of resource URIs');
  if (uris.length > SUBSCRIPTIONS_PER_LISTENER) {
    throw new RpcError(ErrorCodes.invalidParams, `Too many resource subscriptions: one listen may follow at most ${SUBSCRIPTIONS_PER_LISTENER} URIs, and this one asks for ${uris.length}. Follow the ones the person is working on, or svc://site for the site as a whole.`);
  }
  uris.forEach((uri, i) => { if (typeof uri !== 'string') refuse(`notifications.resourceSubscriptions.${i}`, 'Invalid input: expected string'); });
  return { resourceSubscriptions: [...new Set(uris as string[])] };
}

/**
 * Opens the stream and resolves with the listen's id once the server ends it (idle, token no longer
 * valid); a listen refused (bad filter, an entry the token may not read, too many listeners) opens nothing.
 */
export async function listen(params: Record<string, unknown>, context: McpContext): Promise<JsonRpcId> {
  const id = context.session.requestId;
  const route = context.notifications;
  if (id === undefined || !route) throw new RpcError(ErrorCodes.invalidRequest, `${METHOD} needs a transport that can stream its answer (HTTP or stdio).`);
  const filter = listenFilter(params);
  const store = context.deps.content;
  if (!store.changes) throw new RpcError(ErrorCodes.invalidRequest, 'This server keeps no change feed (it runs without a data folder), so it cannot tell of changes.');
  // Every URI is checked before anything is opened: one the token may not follow refuses the whole listen.
  const honoured: Array<[string, Followed]> = [];
  for (const uri of filter.resourceSubscriptions ?? []) {
    const followed = subscriptionTarget(uri, context);
    if (followed) honoured.push([uri, followed]);
  }
  const hub = listenerHub(store, context.deps.log);
  hub.admit(context.principal.accountId);

  const sink = route.openStream();
  const listener = new Listener({
    id, person: context.principal.accountId, channel: route.channel, sink, ...hub.listenerLimits,
    principalNow: () => route.principalNow(), onEnd: (ended, reason) => hub.forget(ended, reason),
  });
  for (const [uri, { target, seen }] of honoured) listener.follow(uri, target, seen);
  hub.add(listener);
  listener.send('notifications/subscriptions/acknowledged', {
    notifications: filter.resourceSubscriptions === undefined ? {} : { resourceSubscriptions: honoured.map(([uri]) => uri) },
  });
  // A stream that can carry nothing is not held open: acknowledged, then ended.
  if (honoured.length === 0) listener.end('graceful');
  await listener.whenEnded();
  return id;
}

/** notifications/cancelled naming a listen of this conversation ends it, without its result. */
export function cancelListen(params: Record<string, unknown>, { deps, notifications }: McpContext): void {
  const requestId = params.requestId;
  if (!notifications || (typeof requestId !== 'string' && typeof requestId !== 'number')) return;
  listenerHub(deps.content, deps.log).find(notifications.channel, requestId)?.end('dropped');
}
