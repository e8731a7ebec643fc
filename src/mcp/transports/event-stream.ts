// The streamed answer of one POST (Streamable HTTP): a request that opens a stream (subscriptions/listen) gets
// `text/event-stream` instead of one JSON body, each message one `message` event, its result the last one.
// The stream belongs to this request alone: the endpoint stays stateless (no session, no GET stream).
import type { ServerResponse } from 'node:http';
import type { Principal } from '../../auth/principal.js';
import { stringifyMessage } from '../../jsonrpc/serialize.js';
import type { MessageSink, NotificationRoute } from '../notification-route.js';

export interface EventStream {
  route: NotificationRoute;
  /** Whether the answer became a stream (then `finish` ends it instead of writing a JSON body). */
  readonly streaming: boolean;
  /** The request's answer as the stream's last event, then the end; nothing when it was dropped. */
  finish(reply: unknown): void;
}

/** Made for every request, so it costs nothing until a request opens the stream. */
export function eventStream(res: ServerResponse, channel: string, principalNow: () => Principal | null): EventStream {
  let sink: MessageSink | null = null;
  let dropped = false;
  const event = (message: unknown) => `event: message\ndata: ${stringifyMessage(message)}\n\n`;

  const open = (): MessageSink => {
    const gone = new AbortController();
    // no-store: one person's stream; X-Accel-Buffering: nginx passes events on as they come.
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'private, no-store', 'x-accel-buffering': 'no' });
    res.flushHeaders();
    res.on('close', () => gone.abort());
    return {
      send(message) {
        if (!dropped && !res.destroyed) res.write(event(message));
      },
      get unsent() {
        return res.writableLength;
      },
      closed: gone.signal,
      drop() {
        dropped = true;
        res.destroy();
      },
    };
  };

  return {
    route: { channel, principalNow, openStream: () => (sink ??= open()) },
    get streaming() {
      return sink !== null;
    },
    finish(reply) {
      if (dropped || res.destroyed || res.writableEnded) return;
      res.end(reply === null ? undefined : event(reply));
    },
  };
}
