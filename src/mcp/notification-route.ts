// What a transport lends a request that wants to send notifications (McpContext.notifications): HTTP turns
// one request's answer into an event stream; stdio writes lines beside its other answers. Plain values only: the transports (transports/) make these from their sockets and streams.
import type { Principal } from '../auth/principal.js';

/** The abort reason of MessageSink.closed when the server itself is stopping (the peer is still there to be told). */
export const STOPPING = 'stopping';
export type StopReason = typeof STOPPING;

export interface MessageSink {
  /** Sends one JSON-RPC message (nothing once dropped or closed). */
  send(message: object): void;
  /** Bytes written that the peer has not taken yet. */
  readonly unsent: number;
  /** Aborted when the peer is gone (the connection closed, input ended) or, with reason STOPPING, the server stops. */
  readonly closed: AbortSignal;
  /** Ends it without the request's answer: the peer went away, cancelled, or stopped reading. */
  drop(): void;
}

export interface NotificationRoute {
  /**
   * Turns the answer to the request being handled into a stream and returns where its messages go; the
   * request's result, when the handler gives it, is the stream's last message.
   */
  openStream(): MessageSink;
  /** stdio: the connection itself, for 2025 notifications outside any request. Absent over HTTP (stateless). */
  readonly connection?: MessageSink;
  /** Which conversation this is: a cancellation names a listen by its id within it. */
  readonly channel: unknown;
  /** The person the token acts for now, verified again; null once the token stopped working. */
  principalNow(): Principal | null;
}
