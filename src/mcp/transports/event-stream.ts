// The streamed answer of one POST (Streamable HTTP): a request that opens a stream (subscriptions/listen) gets
// `text/event-stream` instead of one JSON body, each message one `message` event, its result the last one.
// The stream belongs to this request alone: the endpoint stays stateless (no session, no GET stream).
import type { ServerResponse } from 'node:http';
import type { Principal, BearerVerifier } from '../../auth/principal.js';
import { stringifyMessage } from '../../jsonrpc/serialize.js';
import type { MessageSink, NotificationRoute } from '../notification-route.js';

/**
 * Made for every request, and it is the request's notification route itself. A class, not closures: its
 * methods are made once, and an instance is a few fields. Made as closures and an object with a getter for
 * every request, the stream took 2.6 KB of each MCP request into the old generation (--trace-gc-nvp's
 * promoted bytes per young collection, against 3 B made so), which only full collections free: one every
 * 200 ms under load, and a ping answered 14,600 times a second instead of 20,500.
 */
export class EventStream implements NotificationRoute {
  private sink: MessageSink | null = null;
  private dropped = false;

  /** `token`: the request's bearer token, verified again whenever a listener asks who it acts for now. */
  constructor(
    private readonly res: ServerResponse,
    private readonly verifier: BearerVerifier,
    private readonly token: string,
    private readonly tokenId: string,
  ) {}

  /** Which conversation this is: over HTTP, the token's (a cancellation names a listen of the same token). */
  get channel(): string {
    return `http ${this.tokenId}`;
  }

  principalNow(): Principal | null {
    return this.verifier.verify(this.token);
  }

  /** Whether the answer became a stream (then `finish` ends it instead of writing a JSON body). */
  get streaming(): boolean {
    return this.sink !== null;
  }

  openStream(): MessageSink {
    return (this.sink ??= this.open());
  }

  /** The request's answer as the stream's last event, then the end; nothing when it was dropped. */
  finish(reply: unknown): void {
    const res = this.res;
    if (this.dropped || res.destroyed || res.writableEnded) return;
    res.end(reply === null ? undefined : event(reply));
  }

  private open(): MessageSink {
    const res = this.res;
    const gone = new AbortController();
    // no-store: one person's stream; X-Accel-Buffering: nginx passes events on as they come.
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'private, no-store', 'x-accel-buffering': 'no' });
    res.flushHeaders();
    res.on('close', () => gone.abort());
    const drop = () => {
      this.dropped = true;
      res.destroy();
    };
    return {
      send: (message) => {
        if (!this.dropped && !res.destroyed) res.write(event(message));
      },
      get unsent() {
        return res.writableLength;
      },
      closed: gone.signal,
      drop,
    };
  }
}

function event(message: unknown): string {
  return `event: message\ndata: ${stringifyMessage(message)}\n\n`;
}
