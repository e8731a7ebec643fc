// node:sqlite, loaded the first time a search index is opened: a process that never searches (most stdio
// sessions, the CLI) pays nothing for it. Part of Node from 22.13 on, the project's floor, so it is always
// there, though its FTS5 only from 22.16 (docs/decisions.md "Full-text search"); Node 22 still calls it
// experimental and says so on stderr at its first load, a line an operator could only take for a fault:
// that one warning is passed over.
import { requireLater } from '../../lib/on-demand.js';

/** What a value bound to a statement may be. */
type SqlValue = string | number | bigint | null | Uint8Array;

/** The few members of node:sqlite used here (the project's @types/node, of Node 20, predates the module). */
export interface StatementSync {
  run(...params: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqlValue[]): unknown;
  all(...params: SqlValue[]): unknown[];
  /** From Node 24 (and so not on every Node of the floor). */
  setReturnArrays?(enabled: boolean): void;
}
export interface DatabaseSync {
  exec(sql: string): void;
  prepare(sql: string): StatementSync;
  close(): void;
}
interface Sqlite { DatabaseSync: new (path: string) => DatabaseSync }

/**
 * The statement's rows, each an array of its columns in the select's order. node:sqlite makes each row
 * object a dictionary of its own, some 420 bytes a row: a search's thousand matches were 0.4 MB, which
 * outlived the young generation while the search went on. Node 24's arrays are some 155 bytes; before it,
 * the objects' values.
 */
export function allAsArrays(statement: StatementSync, ...params: SqlValue[]): unknown[][] {
  if (!statement.setReturnArrays) return statement.all(...params).map((row) => Object.values(row as object));
  statement.setReturnArrays(true);
  return statement.all(...params) as unknown[][];
}

const sqlite = requireLater<Sqlite>('node:sqlite', import.meta.url);
let loaded: Sqlite | undefined;

/** The module, its experimental warning left unsaid (every other warning goes out as before). */
export function sqliteModule(): Sqlite {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function quiet(this: unknown, warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    loaded = sqlite();
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}
