// How a stdio process sends notifications beside its answers: a listen's stream is lines on stdout carrying
// the listen's id (its result comes when the stream ends, and the lines after it are answered meanwhile),
// and the process's 2025 subscriptions write on the connection itself. When the conversation ends (input
// closed, a signal), every listener of it ends: told so while stdout is still there (a listen hears
// notifications/cancelled naming it), and nothing of them is kept.
import type { Writable } from 'node:stream';
import type { Principal } from '../../auth/principal.js';
import { stringifyMessage } from '../../jsonrpc/serialize.js';
import type { McpContext, McpSession } from '../context.js';
import type { McpAnswer } from '../exchange.js';
// Types only: the constant's module is the subscriptions' (loaded when a client first listens).
import type { MessageSink, NotificationRoute, StopReason } from '../notification-route.js';

/** What LineAnswer.first gives when the line opened a stream: its reply comes when the stream ends. */
export const STREAMING = Symbol('streaming');

export interface LineAnswer {
  /** The reply, or STREAMING as soon as the line opens a stream (whichever comes first). */
  first: McpAnswer | typeof STREAMING | Promise<McpAnswer | typeof STREAMING>;
  reply: McpAnswer | Promise<McpAnswer>;
  /** Whether the reply is still to be written (not when the listen was cancelled or dropped). */
  deliver(): boolean;
}

interface LineState {
  streamed: boolean;
  dropped: boolean;
  opened?: () => void;
}

export function stdioNotifications(output: Writable, principalOf: (session: McpSession) => Principal | null) {
  /** This process's conversation: a cancellation names a listen within it. */
  const channel = {};
  const gone = new AbortController();
  let writable = true;
  let line: LineState | null = null;
  /**
   * Bytes of notifications written but not yet taken by the pipe: the listeners' limit counts these, not the
   * answers queued beside them (a client still reading a long content_read has not stopped listening).
   */
  let unsentNotifications = 0;

  const connection: MessageSink = {
    send(message) {
      if (!writable) return;
      const text = stringifyMessage(message) + '\n';
      const bytes = Buffer.byteLength(text);
      unsentNotifications += bytes;
      output.write(text, () => { unsentNotifications -= bytes; });
    },
    get unsent() {
      return unsentNotifications;
    },
    closed: gone.signal,
    // The process's stdout stays: a listener dropped only stops writing on it.
    drop() {},
  };

  const streamOf = (state: LineState): MessageSink => {
    state.streamed = true;
    state.opened?.();
    return {
      send(message) {
        if (!state.dropped) connection.send(message);
      },
      get unsent() {
        return unsentNotifications;
      },
      closed: gone.signal,
      drop() {
        state.dropped = true;
      },
    };
  };

  return {
    /** The context of a message, with this process's notification route (null: the token stopped working). */
    context(base: McpContext | null, session: McpSession): McpContext | null {
      if (!base) return null;
      const state = line;
      const route: NotificationRoute = {
        channel,
        connection,
        principalNow: () => principalOf(session),
        openStream: () => {
          if (!state) throw new Error('a stream is opened only by the line being answered');
          return streamOf(state);
        },
      };
      return { ...base, notifications: route };
    },

    /** Runs the exchange for one line, telling whether its answer became a stream. */
    answering(run: () => McpAnswer | Promise<McpAnswer>): LineAnswer {
      const state: LineState = { streamed: false, dropped: false };
      line = state;
      let reply: McpAnswer | Promise<McpAnswer>;
      try {
        reply = run();
      } finally {
        line = null;
      }
      const deliver = () => !state.dropped && writable;
      if (state.streamed) return { first: STREAMING, reply, deliver };
      if (!(reply instanceof Promise)) return { first: reply, reply, deliver };
      const first = new Promise<McpAnswer | typeof STREAMING>((resolve, reject) => {
        state.opened = () => resolve(STREAMING);
        reply.then(resolve, reject);
      });
      return { first, reply, deliver };
    },

    /** The conversation is over: its listeners are told (while stdout is there), then nothing more is written. */
    close(): void {
      gone.abort('stopping' satisfies StopReason);
      writable = false;
    },
  };
}
