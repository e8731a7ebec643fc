// One listener: a subscriptions/listen stream (2026-07-28), or a stdio process's 2025 subscriptions. It holds
// the URIs it follows, each with whether its token could read it when last looked at, and sends
// notifications/resources/updated through its sink. Ended once, for one reason; the hub then forgets it.
import type { JsonRpcId } from '../../jsonrpc/messages.js';
import type { Principal } from '../../auth/principal.js';
import { STOPPING, type MessageSink } from '../notification-route.js';
import { META_SUBSCRIPTION_ID } from '../modern-request.js';
import { IDLE_TIMEOUT_MS, MAX_UNSENT_BYTES } from './limits.js';

/** What a URI follows: the site guide, or one entry (in one language when the URI names it). */
export type SubscriptionTarget = { kind: 'site' } | { kind: 'entry'; id: string; language?: string };

export interface Subscription {
  readonly uri: string;
  readonly target: SubscriptionTarget;
  readonly listener: Listener;
  /**
   * The languages of the entry its token could read when last looked at: a change is told only when it
   * touches one of these or one it can read now (so a translation that stops being public is told once,
   * and someone else's draft never). Empty for svc://site.
   */
  seen: ReadonlySet<string>;
}

/**
 * graceful: the server ended it (idle, the token stopped working) and says so with the listen's result;
 * dropped: no result (the peer left, cancelled, or did not read).
 */
export type EndReason = 'graceful' | 'dropped';

export interface ListenerOptions {
  /** The listen request's id (its notifications carry it); null for a stdio process's 2025 subscriptions. */
  id: JsonRpcId | null;
  /** accountId: the per-person limit counts by it. */
  person: string;
  channel: unknown;
  sink: MessageSink;
  principalNow: () => Principal | null;
  /** Idle timeout: only listen streams have one (a stdio process's subscriptions last as long as it does). */
  idleMs?: number | null;
  maxUnsentBytes?: number;
  onEnd: (listener: Listener, reason: EndReason) => void;
}

export class Listener {
  readonly subscriptions = new Map<string, Subscription>();
  private idleTimer: NodeJS.Timeout | null = null;
  private endedWith: EndReason | null = null;
  private readonly endWaiters: Array<(reason: EndReason) => void> = [];
  /** The peer left (dropped), or the server stops while the peer can still be told (a listen hears it). */
  private readonly peerGone = () => (this.options.sink.closed.reason === STOPPING ? this.cancel('The server is stopping.') : this.end('dropped'));

  constructor(readonly options: ListenerOptions) {
    // Taken off again when it ends: a stdio process's listeners come and go on one signal.
    options.sink.closed.addEventListener('abort', this.peerGone, { once: true });
    this.restartIdle();
    if (options.sink.closed.aborted) this.peerGone();
  }

  get id(): JsonRpcId | null { return this.options.id; }
  get person(): string { return this.options.person; }
  get channel(): unknown { return this.options.channel; }
  get ended(): boolean { return this.endedWith !== null; }

  principal(): Principal | null {
    return this.options.principalNow();
  }

  follow(uri: string, target: SubscriptionTarget, seen: ReadonlySet<string>): Subscription {
    const subscription: Subscription = { uri, target, listener: this, seen };
    this.subscriptions.set(uri, subscription);
    return subscription;
  }

  /**
   * Sends one message (with the listen's id in `_meta`). A peer that has left too much unread is told and
   * dropped instead: what one change writes at most (100 URIs of 2 KB) stays below the limit, so only a
   * backlog of notifications the peer never took can reach it (not the answers it is still reading: stdio
   * counts its notifications alone).
   */
  send(method: string, params: Record<string, unknown> = {}): void {
    if (this.endedWith) return;
    const limit = this.options.maxUnsentBytes ?? MAX_UNSENT_BYTES;
    if (this.options.sink.unsent > limit) {
      const reason = `More than ${limit / 1024} KB of notifications were left unread.`;
      // A stdio process's 2025 subscriptions are named by no request: a warning tells the client instead.
      if (this.options.id === null) this.write('notifications/message', { level: 'warning', logger: 'svc', data: `${reason} Your subscriptions ended; send resources/subscribe again to follow changes.` });
      return this.cancel(reason);
    }
    this.write(method, params);
    this.restartIdle();
  }

  private write(method: string, params: Record<string, unknown>): void {
    const { id, sink } = this.options;
    sink.send({ jsonrpc: '2.0', method, params: id === null ? params : { ...params, _meta: { [META_SUBSCRIPTION_ID]: id } } });
  }

  updated(uri: string): void {
    this.send('notifications/resources/updated', { uri });
  }

  /** Resolves with the reason once the listener has ended. */
  whenEnded(): Promise<EndReason> {
    if (this.endedWith) return Promise.resolve(this.endedWith);
    return new Promise((resolve) => this.endWaiters.push(resolve));
  }

  /**
   * Ends it from the server's side without its result: a listen hears notifications/cancelled naming it
   * (stdio's way; over HTTP its stream closes as well), written past any limit (one short message).
   */
  cancel(reason: string): void {
    if (this.endedWith) return;
    if (this.options.id !== null) this.write('notifications/cancelled', { requestId: this.options.id, reason });
    this.end('dropped');
  }

  end(reason: EndReason): void {
    if (this.endedWith) return;
    this.endedWith = reason;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.options.sink.closed.removeEventListener('abort', this.peerGone);
    if (reason === 'dropped') this.options.sink.drop();
    this.options.onEnd(this, reason);
    for (const resolve of this.endWaiters.splice(0)) resolve(reason);
  }

  private restartIdle(): void {
    const idleMs = this.options.idleMs === undefined ? IDLE_TIMEOUT_MS : this.options.idleMs;
    if (idleMs === null) return;
    // Moved, not made anew: a timer refreshed per notification costs nothing while nothing happens.
    if (this.idleTimer) this.idleTimer.refresh();
    else {
      this.idleTimer = setTimeout(() => this.end('graceful'), idleMs);
      this.idleTimer.unref();
    }
  }
}
