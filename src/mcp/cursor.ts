// Opaque pagination cursors for the list methods. A cursor names the list it belongs to, so one taken from
// tools/list cannot be replayed against resources/list.
import { RpcError, ErrorCodes } from '../jsonrpc/messages.js';

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

export function encodeCursor(list: string, offset: number): string {
  return Buffer.from(`svc1:${list}:${offset}`, 'utf8').toString('base64url');
}

/** Offset a cursor points at; -32602 for anything this server did not hand out for this list. */
export function decodeCursor(list: string, cursor: unknown): number {
  if (cursor === undefined) return 0;
  const refusal = new RpcError(ErrorCodes.invalidParams, `The cursor is not valid; call ${list} without a cursor to start from the beginning.`);
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refusal;
  const match = /^svc1:([a-z/]+):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[1] !== list) throw refusal;
  return Number(match[2]);
}

export function paginate<T>(list: string, items: readonly T[], cursor: unknown, pageSize: number): Page<T> {
  const offset = decodeCursor(list, cursor);
  if (offset > items.length) {
    throw new RpcError(ErrorCodes.invalidParams, `The cursor is not valid; call ${list} without a cursor to start from the beginning.`);
  }
  const end = offset + pageSize;
  return end < items.length ? { items: items.slice(offset, end), nextCursor: encodeCursor(list, end) } : { items: items.slice(offset) };
}
