// Typed-array columns for the open day's per-visitor and per-key state: one number per row instead of an
// object per visitor keeps 300,000 visitors in a few tens of MB and lets the state be written and read
// back as plain bytes (partial-aggregate-file.ts).

export type Column = Int32Array | Float64Array | Uint16Array | Uint8Array;

/** `column` if it has room for `rows`, else a copy with room to spare (doubling, so growth stays linear). */
export function withRoom<T extends Column>(column: T, rows: number): T {
  if (rows <= column.length) return column;
  let length = Math.max(256, column.length * 2);
  while (length < rows) length *= 2;
  const next = new (column.constructor as new (length: number) => T)(length);
  next.set(column);
  return next;
}

/** A copy of the first `rows` values: what is written to disk (no spare room). */
export function firstRows<T extends Column>(column: T, rows: number): T {
  return column.slice(0, rows) as T;
}

/** Throws when a restored column does not have the expected number of rows (a damaged partial aggregate). */
export function checkRows(column: Column | undefined, rows: number, name: string): asserts column is Column {
  if (!column || column.length !== rows) throw new Error(`column ${name} has the wrong length`);
}

/** Throws when a restored value lies outside [min, max): an index that would point past a table. */
export function checkRange(column: Int32Array, min: number, max: number, name: string): void {
  for (let i = 0; i < column.length; i++) {
    const value = column[i]!;
    if (value < min || value >= max) throw new Error(`column ${name} points outside its table`);
  }
}
