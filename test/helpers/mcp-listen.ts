// A subscriptions/listen request over HTTP as a 2026-07-28 client sends it, its streamed answer read event by
// event (Server-Sent Events: each `data:` line one JSON-RPC message).
import { MCP_HEADERS } from './mcp-http.ts';
import { modernBody, modernHeaders } from './mcp-modern.ts';

export interface ListenStream {
  status: number;
  contentType: string | null;
  /** The JSON body when the answer is not a stream (a refusal). */
  json?: any;
  /** Every message received so far. */
  messages: any[];
  /** The next message not yet taken; rejects when none comes within `ms` or the stream ends first. */
  next(ms?: number): Promise<any>;
  /** Resolves after `ms` with the messages that came meanwhile (to show that none did). */
  quiet(ms: number): Promise<any[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Closes the stream from the client's side. */
  close(): void;
}

export async function openListen(url: string, token: string, notifications: unknown, id: number | string = `listen:${Math.random()}`): Promise<ListenStream> {
  const body = modernBody('subscriptions/listen', { notifications }, {}, id as number);
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...modernHeaders(body), authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type');
  const messages: any[] = [];
  let taken = 0;
  let finished = false;
  const waiters: Array<() => void> = [];
  const wake = () => { for (const waiter of waiters.splice(0)) waiter(); };
  const stream: ListenStream = {
    status: response.status,
    contentType,
    messages,
    next: (ms = 5_000) => new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message within ${ms} ms (received: ${JSON.stringify(messages)})`)), ms);
      const look = () => {
        if (taken < messages.length) { clearTimeout(timer); resolve(messages[taken++]); return; }
        if (finished) { clearTimeout(timer); reject(new Error(`the stream ended (received: ${JSON.stringify(messages)})`)); return; }
        waiters.push(look);
      };
      look();
    }),
    quiet: (ms) => new Promise((resolve) => setTimeout(() => resolve(messages.slice(taken)), ms)),
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!contentType?.startsWith('text/event-stream')) {
    stream.json = JSON.parse(await response.text());
    finished = true;
    return stream;
  }
  stream.ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = event.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (data) messages.push(JSON.parse(data));
          wake();
        }
      }
    } catch { /* closed by the client, or dropped by the server */ }
    finished = true;
    wake();
  })();
  return stream;
}
