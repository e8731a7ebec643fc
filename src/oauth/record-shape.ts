// The OAuth stores' records checked by hand, field by field, as their zod schemas did (the same records
// pass, the same come back): the HTTP server builds OAuth's stores at start, and their schemas loaded zod
// there, some 95 modules and 3-4 MB of resident memory, for records it reads only when an assistant
// connects over OAuth. zod stays for what takes input from outside (registration, the MCP tools).

/** Whether a value is of a field's kind. */
export type Check = (value: unknown) => boolean;

/** A field that may be absent (as `.optional()`: an absent field stays absent). */
export interface Optional { optional: Check }

export const isString: Check = (value) => typeof value === 'string';
export const isInteger: Check = (value) => typeof value === 'number' && Number.isSafeInteger(value);
export const isBoolean: Check = (value) => typeof value === 'boolean';
export const isStrings: Check = (value) => Array.isArray(value) && value.every(isString);
export const isNonEmptyStrings: Check = (value) => isStrings(value) && (value as unknown[]).length > 0;
export const isStringOrNull: Check = (value) => value === null || isString(value);
export const oneOf = (...values: readonly unknown[]): Check => (value) => values.includes(value);
export const optional = (check: Check): Optional => ({ optional: check });

/**
 * A reader of records shaped as `fields` says: a copy holding only those fields, in that order (others are
 * left out, as zod's objects strip them), or undefined when one is missing or of another kind.
 */
export function recordShape<T>(fields: Readonly<Record<string, Check | Optional>>): (value: unknown) => T | undefined {
  const entries = Object.entries(fields);
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const source = value as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    for (const [name, kind] of entries) {
      const field = Object.hasOwn(source, name) ? source[name] : undefined;
      if (typeof kind !== 'function') {
        if (field === undefined) continue;
        if (!kind.optional(field)) return undefined;
      } else if (!kind(field)) {
        return undefined;
      }
      record[name] = Array.isArray(field) ? [...field] : field;
    }
    return record as T;
  };
}
