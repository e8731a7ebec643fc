// A transport-agnostic JSON-RPC 2.0 dispatcher: methods and notification handlers are registered by name;
// `dispatch` takes one parsed payload (a message or a batch) and returns what to send back, if anything.
import { isAppError } from '../errors.js';
import {
  ErrorCodes,
  RpcError,
  classifyMessage,
  errorResponse,
  type ClassifiedMessage,
  successResponse,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from './messages.js';

export type MethodHandler<C> = (params: Record<string, unknown>, context: C) => unknown;
export type NotificationHandler<C> = (params: Record<string, unknown>, context: C) => void;

export interface DispatchOptions {
  /** Whether a JSON array of messages is accepted (MCP allows batches only in revision 2025-03-26). */
  allowBatch: boolean;
  /** Why batches are refused, when they are. */
  batchRefusal?: string;
}

export interface DispatchOutcome {
  /** The answer to send; null when there is nothing to answer (notifications and responses only). */
  reply: JsonRpcResponse | JsonRpcResponse[] | null;
  /** True when the payload as a whole was not a JSON-RPC message (HTTP answers 400 then). */
  invalid: boolean;
}

export interface DispatcherOptions {
  /** Where unexpected errors are reported; the client only ever sees "Internal error.". */
  log: (line: string) => void;
  /** Largest batch accepted. */
  maxBatch?: number;
}

export class Dispatcher<C> {
  private readonly methods = new Map<string, MethodHandler<C>>();
  private readonly notifications = new Map<string, NotificationHandler<C>>();
  private readonly log: (line: string) => void;
  private readonly maxBatch: number;

  constructor(options: DispatcherOptions) {
    this.log = options.log;
    this.maxBatch = options.maxBatch ?? 100;
  }

  method(name: string, handler: MethodHandler<C>): this {
    this.methods.set(name, handler);
    return this;
  }

  notification(name: string, handler: NotificationHandler<C>): this {
    this.notifications.set(name, handler);
    return this;
  }

  /**
   * The answer to a payload. A plain value when no handler had to wait (the common case: a kept answer, a
   * ping), so the caller's one await is the only hop through the microtask queue.
   */
  dispatch(payload: unknown, context: C, options: DispatchOptions): DispatchOutcome | Promise<DispatchOutcome> {
    if (!Array.isArray(payload)) {
      const classified = classifyMessage(payload);
      if (classified.kind === 'invalid') {
        return { reply: errorResponse(classified.id, classified.code, classified.reason), invalid: classified.code === ErrorCodes.invalidRequest };
      }
      const reply = this.handleClassified(classified, context);
      return reply instanceof Promise ? reply.then((answer) => ({ reply: answer, invalid: false })) : { reply, invalid: false };
    }
    if (!options.allowBatch) {
      return { reply: errorResponse(null, ErrorCodes.invalidRequest, options.batchRefusal ?? 'Batches are not accepted.'), invalid: true };
    }
    if (payload.length === 0) {
      return { reply: errorResponse(null, ErrorCodes.invalidRequest, 'A batch must hold at least one message.'), invalid: true };
    }
    if (payload.length > this.maxBatch) {
      return { reply: errorResponse(null, ErrorCodes.invalidRequest, `A batch may hold at most ${this.maxBatch} messages.`), invalid: true };
    }
    return this.dispatchBatch(payload, context);
  }

  private async dispatchBatch(payload: unknown[], context: C): Promise<DispatchOutcome> {
    // Sequential on purpose: a batch of writes keeps its order.
    const replies: JsonRpcResponse[] = [];
    for (const item of payload) {
      const reply = await this.handleClassified(classifyMessage(item), context);
      if (reply) replies.push(reply);
    }
    return { reply: replies.length > 0 ? replies : null, invalid: false };
  }

  /** The answer to one message, if it gets one; a plain value when there is nothing to wait for. */
  private handleClassified(classified: ClassifiedMessage, context: C): JsonRpcResponse | null | Promise<JsonRpcResponse> {
    switch (classified.kind) {
      case 'invalid':
        return errorResponse(classified.id, classified.code, classified.reason);
      case 'response':
      case 'ignored':
        return null;
      case 'notification': {
        const handler = this.notifications.get(classified.message.method);
        // Notifications are never answered, not even with an error.
        if (handler) {
          try {
            handler(classified.message.params, context);
          } catch (error) {
            this.log(`svc: notification ${classified.message.method} failed: ${(error as Error)?.stack ?? error}`);
          }
        }
        return null;
      }
      case 'request':
        return this.handleRequest(classified.message, context);
    }
  }

  private handleRequest(request: JsonRpcRequest, context: C): JsonRpcResponse | Promise<JsonRpcResponse> {
    const handler = this.methods.get(request.method);
    if (!handler) return errorResponse(request.id, ErrorCodes.methodNotFound, `Method not found: ${truncate(request.method)}.`);
    let value: unknown;
    try {
      value = handler(request.params, context);
    } catch (error) {
      return this.failure(request, error);
    }
    if (value instanceof Promise) {
      return value.then((result) => successResponse(request.id, result), (error: unknown) => this.failure(request, error));
    }
    return successResponse(request.id, value);
  }

  private failure(request: JsonRpcRequest, error: unknown): JsonRpcResponse {
    if (error instanceof RpcError) return errorResponse(request.id, error.code, error.message, error.data);
    if (isAppError(error)) {
      const code = error.kind === 'invalid_params' || error.kind === 'not_found' ? ErrorCodes.invalidParams : ErrorCodes.internalError;
      return errorResponse(request.id, code, error.message);
    }
    this.log(`svc: ${request.method} failed: ${(error as Error)?.stack ?? error}`);
    return errorResponse(request.id, ErrorCodes.internalError, 'Internal error.');
  }
}

function truncate(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
