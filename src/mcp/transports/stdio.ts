// MCP over stdio: one JSON-RPC message per line in, one per line out, each through the exchange
// (mcp/exchange.ts); this driver only cuts lines (with a size cap), keeps their order and writes the replies.
// Nothing but protocol is written to `output`; the streams are arguments so tests can drive it without a
// child process. The process keeps the era of its first request (notes/mcp-2026.md §2): `initialize` or any
// other 2025 request pins the 2025 revisions, a request whose `_meta` claims a version we speak pins
// 2026-07-28, so a client that tries server/discover first is answered before any initialize.
import type { Readable, Writable } from 'node:stream';
import { ErrorCodes } from '../../jsonrpc/messages.js';
import { stringifyMessage } from '../../jsonrpc/serialize.js';
import type { McpContext, McpSession } from '../context.js';
import { MCP_MAX_MESSAGE_BYTES, transportError, type McpAnswer, type McpConnection, type McpExchange } from '../exchange.js';
import { LATEST_PROTOCOL_VERSION } from '../protocol-version.js';
import { isUtf8 } from 'node:buffer';
import { STREAMING, stdioNotifications } from './stdio-notifications.js';

/** Same ceiling as HTTP: a 10 MB image as base64 inside one message. */
export const STDIO_MAX_LINE_BYTES = MCP_MAX_MESSAGE_BYTES;

/**
 * How long a stop waits for the message being received to reach its newline: what a stop gives an HTTP
 * request in progress (DRAIN_MS, wiring/start-server.ts), so a client that stalls mid-message cannot keep
 * the process alive, and the stop still ends within its 15 s limit (wiring/stop-on-signals.ts).
 */
export const STDIO_STOP_WAIT_MS = 10_000;

export interface StdioServerOptions {
  input: Readable;
  output: Writable;
  /** Message in, answer out (mcp/exchange.ts). */
  exchange: McpExchange;
  /** The context for one message: the principal is verified again each time; null once the token stopped working. */
  contextFor: (session: McpSession) => McpContext | null;
  log: (line: string) => void;
  maxLineBytes?: number;
  /** Aborted: stop reading once the line being received is whole (or dropped), and resolve once the lines read are answered. */
  stop?: AbortSignal;
  /** How long `stop` waits for that line's newline before it drops the line; STDIO_STOP_WAIT_MS unless given. */
  stopWaitMs?: number;
}

const NEWLINE = 0x0a;
/**
 * Lines read and not yet answered past which stdin is paused until the answers catch up: with the wait for
 * stdout's drain below, a client that writes requests and does not read the answers holds the process at
 * a few answers' worth of memory (it used to keep every answer: 3,000 tools/list lines took 373 MB).
 */
const MOST_LINES_WAITING = 32;

/** Serves until `input` ends or `stop` is aborted, then resolves once every answer is written. */
export function serveStdio(options: StdioServerOptions): Promise<void> {
  const maxLineBytes = options.maxLineBytes ?? STDIO_MAX_LINE_BYTES;
  // One conversation for the whole process: the era its first request chose, the revision initialize agreed.
  // Notifications go out beside the answers: a listen's stream, the 2025 subscriptions of the process.
  const notifications = stdioNotifications(options.output, (session) => options.contextFor(session)?.principal ?? null);
  const connection: McpConnection = {
    session: { protocolVersion: LATEST_PROTOCOL_VERSION, logLevel: 'info' },
    era: undefined,
    pinsEra: true,
    unit: 'line',
    contextFor: (session) => notifications.context(options.contextFor(session), session),
  };
  let chunks: Buffer[] = [];
  let buffered = 0;
  let skipping = false;
  /** Set by `stop` while a line is half received: reading ends with its newline. */
  let lastLine = false;
  let queue: Promise<void> = Promise.resolve();
  let linesWaiting = 0;
  let paused = false;

  const write = (answer: McpAnswer) => {
    if (answer.reply !== null) options.output.write(stringifyMessage(answer.reply) + '\n');
  };

  /** Resolves once stdout has taken what was written (or is gone): the next line is answered only then. */
  const drained = (): Promise<void> | void => {
    const output = options.output;
    if (!output.writableNeedDrain || output.destroyed) return;
    return new Promise((resolve) => {
      const done = () => {
        output.off('drain', done).off('close', done).off('error', done);
        resolve();
      };
      output.on('drain', done).on('close', done).on('error', done);
    });
  };

  /** Counts a line in (pausing stdin past MOST_LINES_WAITING) and out (reading again once half are answered). */
  const lineIn = () => {
    if (++linesWaiting > MOST_LINES_WAITING && !paused) {
      paused = true;
      options.input.pause();
    }
  };
  const lineOut = () => {
    if (--linesWaiting <= MOST_LINES_WAITING / 2 && paused && !finished) {
      paused = false;
      options.input.resume();
    }
  };

  const handleLine = async (text: string) => {
    if (text.trim().length === 0) return;
    const answer = notifications.answering(() => options.exchange(text, connection));
    const first = await answer.first;
    if (first !== STREAMING) return write(first);
    // A listen answers when its stream ends: the lines after it are read meanwhile.
    void Promise.resolve(answer.reply).then((reply) => { if (answer.deliver()) write(reply); });
  };

  const enqueue = (line: Buffer) => {
    // Read with U+FFFD in place of bad bytes, a title or body would be saved other than it was sent.
    if (!isUtf8(line)) return answerInTurn(() => write(transportError(400, ErrorCodes.parseError, 'The message is not valid UTF-8.')));
    let text = line.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    answerInTurn(() => handleLine(text));
  };

  /** Answers a line after those before it, and once stdout has room. */
  const answerInTurn = (answer: () => void | Promise<void>) => {
    lineIn();
    queue = queue.then(answer).catch((error) => options.log(`svc: stdio message failed: ${(error as Error)?.stack ?? error}`)).then(drained).then(lineOut);
  };

  const tooLarge = () => answerInTurn(() => write(transportError(413, ErrorCodes.invalidRequest, `The message is larger than ${maxLineBytes} bytes.`)));

  const onData = (chunk: Buffer) => {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at >= 0; at = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, at);
      start = at + 1;
      if (skipping) {
        skipping = false;
        continue;
      }
      if (buffered + piece.length > maxLineBytes) {
        chunks = [];
        buffered = 0;
        tooLarge();
        continue;
      }
      chunks.push(piece);
      enqueue(Buffer.concat(chunks, buffered + piece.length));
      chunks = [];
      buffered = 0;
      if (lastLine) return finish();
    }
    if (skipping || start >= chunk.length) return;
    const rest = chunk.subarray(start);
    if (buffered + rest.length > maxLineBytes) {
      // Drop the oversized line now instead of holding it; answer once, then skip to its newline.
      chunks = [];
      buffered = 0;
      skipping = true;
      tooLarge();
      return;
    }
    // Copy: the stream may reuse its buffer.
    chunks.push(Buffer.from(rest));
    buffered += rest.length;
  };

  let finish = () => {};
  let stopWait: NodeJS.Timeout | undefined;
  let finished = false;
  return new Promise((resolve) => {
    finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(stopWait);
      options.input.off('data', onData);
      // Once every line read is answered, the process's listeners end (a listen is told so).
      void queue.then(() => { notifications.close(); resolve(); });
    };
    options.input.on('data', onData);
    options.input.on('end', () => {
      if (!skipping && buffered > 0) enqueue(Buffer.concat(chunks, buffered));
      finish();
    });
    // A message half received when the stop comes is read to its end and answered, as over HTTP, for as long
    // as HTTP waits for a request; past that it is dropped and the session ends as stdin closing ends it.
    options.stop?.addEventListener('abort', () => {
      if (buffered === 0 || skipping) return finish();
      lastLine = true;
      const waitMs = options.stopWaitMs ?? STDIO_STOP_WAIT_MS;
      stopWait = setTimeout(() => {
        options.log(`svc: stopping, a message still without its newline after ${waitMs / 1000} s was dropped unanswered.`);
        chunks = [];
        buffered = 0;
        finish();
      }, waitMs);
    }, { once: true });
  });
}
