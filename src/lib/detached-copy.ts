// Values parsed out of a file's text, kept without the text.

/**
 * A copy of `value` (anything JSON can hold) made of strings of its own. A string parsed out of a file's text
 * may be a slice of that text, and V8 keeps the whole text alive as long as the slice: a value kept after
 * the file is read (the index's fields, the panel's kept covers) would keep its whole file in memory.
 */
export function detachedCopy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
