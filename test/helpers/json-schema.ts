// A small JSON Schema checker for the tests: enough of draft 2020-12 for the schemas zod writes (type,
// properties, required, additionalProperties, propertyNames, items, enum, const, anyOf, oneOf and the number
// and string bounds). A keyword it does not know is an error, never silently passed, so a check here cannot
// succeed by not looking.

type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$schema', 'format']);
const KNOWN = new Set([
  ...ANNOTATIONS, 'type', 'properties', 'required', 'additionalProperties', 'propertyNames', 'items', 'enum', 'const',
  'anyOf', 'oneOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern',
  'minItems', 'maxItems',
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** Every way `value` breaks `schema`, as `path: problem` lines; empty when it conforms. */
export function schemaProblems(schema: Schema | boolean, value: unknown, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: nothing is allowed here`];
  const problems: string[] = [];
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`${path}: the checker does not know the keyword ${key}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!types.some((type) => matchesType(value, type))) return [`${path}: expected ${types.join(' or ')}, got ${typeOf(value)}`];
  }
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) problems.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => JSON.stringify(option) === JSON.stringify(value))) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((option) => schemaProblems(option as Schema, value, path).length === 0)) {
    problems.push(`${path}: matches none of anyOf (${(schema.anyOf as Schema[]).map((option) => schemaProblems(option, value, path).join(', ')).join(' | ')})`);
  }
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((option) => schemaProblems(option as Schema, value, path).length === 0).length !== 1) {
    problems.push(`${path}: does not match exactly one of oneOf`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: ${value} < ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${path}: ${value} > ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) problems.push(`${path}: ${value} <= ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) problems.push(`${path}: ${value} >= ${schema.exclusiveMaximum}`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) problems.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) problems.push(`${path}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${path}: does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${path}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items !== undefined) value.forEach((item, index) => problems.push(...schemaProblems(schema.items as Schema, item, `${path}[${index}]`)));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const key of (schema.required ?? []) as string[]) if (!Object.hasOwn(object, key)) problems.push(`${path}: ${key} is required`);
    for (const [key, item] of Object.entries(object)) {
      if (schema.propertyNames !== undefined) problems.push(...schemaProblems(schema.propertyNames as Schema, key, `${path} key ${key}`));
      if (Object.hasOwn(properties, key)) problems.push(...schemaProblems(properties[key]!, item, `${path}.${key}`));
      else if (schema.additionalProperties !== undefined) problems.push(...schemaProblems(schema.additionalProperties as Schema, item, `${path}.${key}`));
    }
  }
  return problems;
}
