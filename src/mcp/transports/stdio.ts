// MCP over stdio: one JSON-RPC message per line in, one per line out. Nothing but protocol is written to
// `output`; the streams are arguments so tests can drive it without a child process. The process keeps the
// era of its first request (notes/mcp-2026.md §2): `initialize` or any other 2025 request pins the 2025
// revisions, a request whose `_meta` claims a version we speak pins 2026-07-28, so a client that tries
// server/discover first is answered before any initialize.
import type { Readable, Writable } from 'node:stream';
import type { Dispatcher } from '../../jsonrpc/dispatcher.js';
import { classifyMessage, errorResponse, ErrorCodes, type ClassifiedMessage } from '../../jsonrpc/messages.js';
import { parseMessageText } from '../../jsonrpc/parse.js';
import { stringifyMessage } from '../../jsonrpc/serialize.js';
import type { McpContext, McpSession } from '../context.js';
import { allowsBatches, claimsModernEra, LATEST_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSIONS, type ProtocolVersion } from '../protocol-version.js';
const { isUtf8 } = process.getBuiltinModule('node:buffer');

/** Same ceiling as HTTP: a 10 MB image as base64 inside one message. */
export const STDIO_MAX_LINE_BYTES = 14 * 1024 * 1024;

export interface StdioServerOptions {
  input: Readable;
  output: Writable;
  /** The 2025 revisions' dispatcher. */
  dispatcher: Dispatcher<McpContext>;
  /** The 2026-07-28 dispatcher, made on first use (a 2025 client never loads it); without it, 2025 only. */
  modern?: () => Promise<Dispatcher<McpContext>>;
  /** The context for one message: the principal is verified again each time; null once the token stopped working. */
  contextFor: (session: McpSession) => McpContext | null;
  log: (line: string) => void;
  maxLineBytes?: number;
  /** Aborted: stop reading once the line being received is whole, and resolve once the lines read are answered. */
  stop?: AbortSignal;
}

const NEWLINE = 0x0a;

/** Serves until `input` ends or `stop` is aborted, then resolves once every answer is written. */
export function serveStdio(options: StdioServerOptions): Promise<void> {
  const maxLineBytes = options.maxLineBytes ?? STDIO_MAX_LINE_BYTES;
  const session: McpSession = { protocolVersion: LATEST_PROTOCOL_VERSION, logLevel: 'info' };
  let era: 'legacy' | 'modern' | undefined = options.modern ? undefined : 'legacy';
  let modern: Promise<Dispatcher<McpContext>> | undefined;
  let chunks: Buffer[] = [];
  let buffered = 0;
  let skipping = false;
  /** Set by `stop` while a line is half received: reading ends with its newline. */
  let lastLine = false;
  let queue: Promise<void> = Promise.resolve();

  const write = (message: unknown) => {
    options.output.write(stringifyMessage(message) + '\n');
  };

  const handleLine = async (text: string) => {
    if (text.trim().length === 0) return;
    const parsed = parseMessageText(text, { maxBytes: maxLineBytes, maxDepth: 64 });
    if (!parsed.ok) return write(parsed.error);
    const payload = parsed.value;
    if (era === 'modern' || (era === undefined && claimsModernEra(payload))) return handleModern(payload);
    const context = options.contextFor(session);
    if (!context) return refuseRevoked(payload);
    const classified = Array.isArray(payload) ? null : classifyMessage(payload);
    if (classified?.kind === 'request') era = 'legacy';
    const outcome = await options.dispatcher.dispatch(payload, context, {
      allowBatch: allowsBatches(session.protocolVersion as ProtocolVersion),
      batchRefusal: `Batches are not accepted in protocol revision ${session.protocolVersion}; send one message per line.`,
    });
    if (outcome.reply !== null) write(outcome.reply);
  };

  /** One 2026-07-28 message: each request carries its own version and capabilities (a fresh session each). */
  const handleModern = async (payload: unknown) => {
    const classified = classifyMessage(payload);
    if (classified.kind === 'invalid') return write(errorResponse(classified.id, classified.code, classified.reason));
    if (classified.kind !== 'request') return;
    const request = classified.message;
    // The 2026 checks are loaded by the first message that claims that era: a 2025 client never needs them.
    const { checkModernRequest, unclaimedModernHeader } = await import('../modern-request.js');
    if (!claimsModernEra(request)) return write(unclaimedRequest(request.method, classified, unclaimedModernHeader));
    const check = checkModernRequest(request);
    if (!check.ok) return write(check.reply);
    const { protocolVersion, clientCapabilities, logLevel } = check.meta;
    const context = options.contextFor({ protocolVersion, clientCapabilities, logLevel: logLevel ?? 'info' });
    if (!context) return refuseRevoked(payload);
    era = 'modern';
    modern ??= options.modern!();
    const outcome = await (await modern).dispatch(request, context, { allowBatch: false });
    if (outcome.reply !== null) write(outcome.reply);
  };

  const refuseRevoked = (payload: unknown) => {
    const classified = Array.isArray(payload) ? null : classifyMessage(payload);
    if (classified?.kind === 'request') {
      write(errorResponse(classified.message.id, ErrorCodes.invalidRequest, 'A valid token is required: this token was revoked or has expired, or its owner was removed. Create a new token in the panel under Assistants.'));
    }
  };

  const enqueue = (line: Buffer) => {
    // Read with U+FFFD in place of bad bytes, a title or body would be saved other than it was sent.
    if (!isUtf8(line)) {
      queue = queue.then(() => write(errorResponse(null, ErrorCodes.parseError, 'The message is not valid UTF-8.')));
      return;
    }
    let text = line.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    queue = queue.then(() => handleLine(text)).catch((error) => options.log(`svc: stdio message failed: ${(error as Error)?.stack ?? error}`));
  };

  const tooLarge = () => {
    queue = queue.then(() => write(errorResponse(null, ErrorCodes.invalidRequest, `The message is larger than ${maxLineBytes} bytes.`)));
  };

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
  return new Promise((resolve) => {
    finish = () => {
      options.input.off('data', onData);
      void queue.then(() => resolve());
    };
    options.input.on('data', onData);
    options.input.on('end', () => {
      if (!skipping && buffered > 0) enqueue(Buffer.concat(chunks, buffered));
      finish();
    });
    // A message half received when the stop comes is read to its end and answered, as over HTTP.
    options.stop?.addEventListener('abort', () => {
      if (buffered > 0 && !skipping) lastLine = true;
      else finish();
    }, { once: true });
  });
}

type UnclaimedModernHeader = typeof import('../modern-request.js').unclaimedModernHeader;

/** A request without the `_meta` claim on a connection that speaks 2026-07-28. */
function unclaimedRequest(method: string, classified: ClassifiedMessage & { kind: 'request' }, unclaimedModernHeader: UnclaimedModernHeader) {
  if (method === 'initialize') {
    return errorResponse(classified.message.id, ErrorCodes.methodNotFound,
      `This connection speaks protocol revision ${MODERN_PROTOCOL_VERSIONS.join(', ')} (its first request said so), which has no initialize; start a new process to use the 2025 revisions.`);
  }
  return unclaimedModernHeader(classified.message, MODERN_PROTOCOL_VERSIONS[0]);
}
