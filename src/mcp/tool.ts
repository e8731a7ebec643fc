// Declaring a tool: one small file per tool calls defineTool, and wiring/mcp-registry.ts lists it in one line.
import type { z } from 'zod';
import type { Scope } from '../auth/principal.js';
import type { McpContext } from './context.js';
import type * as ContentAnswers from './answers/content-answers.js';
import type * as StatsAnswers from './answers/stats-answers.js';

/**
 * MCP's tool annotations (server/tools, ToolAnnotations). destructiveHint and idempotentHint mean something
 * only when readOnlyHint is false; "destructive" is "may perform destructive updates", additive being the
 * opposite, so a tool that replaces text or CSS is destructive even though the earlier version is kept.
 * openWorldHint is false everywhere: every tool works on this one site only.
 */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

/** An answer shape: a zod object schema. */
export type OutputSchema = z.ZodType<Record<string, unknown>>;

/** Every tool's answer shape by name (mcp/answers/), loaded when a client first lists the tools. */
export type AnswerShapes = typeof ContentAnswers & typeof StatsAnswers;
export type AnswerShapeName = { [K in keyof AnswerShapes]: AnswerShapes[K] extends OutputSchema ? K : never }[keyof AnswerShapes];

/** A tool's answer: the name of its shape in mcp/answers/, or (tests, small registries) the schema itself. */
export type OutputRef = AnswerShapeName | OutputSchema;
type ShapeOf<R extends OutputRef> = R extends AnswerShapeName ? AnswerShapes[R] : R;

/**
 * What a call does to the site, in MCP's terms: `readOnly` (readOnlyHint) changes nothing at all; otherwise
 * `destructive` (destructiveHint) when it may change or remove what exists rather than only add, and
 * `idempotent` (idempotentHint) when calling it again with the same arguments writes nothing more, not even
 * a revision or a history line.
 */
export type ToolEffect = { readOnly: true } | { readOnly: false; destructive: boolean; idempotent: boolean };

export type ToolSpec<S extends z.ZodType<Record<string, unknown>>, R extends OutputRef> = ToolEffect & ToolDeclaration<S, R>;

interface ToolDeclaration<S extends z.ZodType<Record<string, unknown>>, R extends OutputRef> {
  /** `[A-Za-z0-9_.-]`, e.g. content_list. */
  name: string;
  title: string;
  /** What the tool does; the required scope is appended for you (D5). */
  description: string;
  /** The scope a token needs, or null for none. */
  scope: Scope | null;
  /**
   * A strict zod object: its input JSON Schema becomes inputSchema; arguments are validated with it. Null
   * for a tool without arguments: its module then needs no zod, which a stdio server's start-up feels.
   */
  input: S | null;
  /**
   * The schema of the answer, by its name in mcp/answers/: its output JSON Schema is the tool's
   * outputSchema, and the handler must return what it describes (the type of the handler is taken from it).
   */
  output: R;
  /**
   * Client capabilities the tool cannot work without (e.g. `{sampling: {}}`). A 2026-07-28 request that does
   * not declare them is refused with -32021 before the tool runs; none of the site's tools needs any.
   */
  needsClientCapabilities?: Record<string, Record<string, unknown>>;
  /** Returns the answer object (sent as JSON text and as structuredContent). Throw AppError to refuse. */
  handler: (args: z.output<S>, context: McpContext) => z.output<ShapeOf<R>> | Promise<z.output<ShapeOf<R>>>;
  /**
   * Only for a read-only answer that depends on nothing but the site's content and what this key names
   * (the caller's role, the arguments...): answers are then kept per key while the content generation is
   * unchanged, so a repeated call neither runs the handler nor serializes anything.
   */
  cacheKey?: (args: z.output<S>, context: McpContext) => string;
}

/** A declared tool, generics erased so tools of different shapes sit in one list. */
export interface Tool {
  name: string;
  title: string;
  description: string;
  scope: Scope | null;
  annotations: ToolAnnotations;
  /** Built on first use and kept: tools/list is hot. */
  inputSchema(): Promise<Record<string, unknown>>;
  /** The answer's JSON Schema (root `type: "object"`), built on first use from `shapes` and kept. */
  outputSchema(shapes?: () => Promise<AnswerShapes>): Promise<Record<string, unknown>>;
  /** The arguments checked. */
  parse(args: unknown): Parsed;
  handler: (args: unknown, context: McpContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** See ToolSpec.cacheKey. */
  cacheKey?: (args: unknown, context: McpContext) => string;
  /** See ToolSpec.needsClientCapabilities. */
  needsClientCapabilities?: Record<string, Record<string, unknown>>;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function defineTool<S extends z.ZodType<Record<string, unknown>>, R extends OutputRef>(spec: ToolSpec<S, R>): Tool {
  if (!TOOL_NAME.test(spec.name)) throw new Error(`tool name ${spec.name} must match ${TOOL_NAME}`);
  let schema: Promise<Record<string, unknown>> | undefined;
  let output: Promise<Record<string, unknown>> | undefined;
  const scopeSentence = spec.scope ? `Needs a token with the scope ${spec.scope}.` : 'Needs no scope.';
  const input = spec.input;
  const takesNothing = input === null || takesNoArguments(input);
  const shapeOf = async (shapes: (() => Promise<AnswerShapes>) | undefined): Promise<OutputSchema> => {
    if (typeof spec.output !== 'string') return spec.output as OutputSchema;
    if (!shapes) throw new Error(`the answer shape ${spec.output} of ${spec.name} needs the registry's answer shapes`);
    return (await shapes())[spec.output as AnswerShapeName];
  };
  return {
    name: spec.name,
    title: spec.title,
    description: `${spec.description} ${scopeSentence}`,
    scope: spec.scope,
    annotations: annotationsOf(spec),
    inputSchema() {
      if (input === null) return (schema ??= Promise.resolve({ ...NO_ARGUMENTS_SCHEMA }));
      // The schema's own method: tool.ts loads no zod, so a tool declared without it never needs it.
      const { $schema: _drop, ...rest } = input.toJSONSchema({ io: 'input' }) as unknown as Record<string, unknown>;
      return (schema ??= Promise.resolve(rest));
    },
    outputSchema(shapes) {
      output ??= shapeOf(shapes).then((shape) => {
        const { $schema: _drop, ...rest } = shape.toJSONSchema({ io: 'output' }) as unknown as Record<string, unknown>;
        return objectRooted(spec.name, rest);
      });
      return output;
    },
    parse(args) {
      // The common call of a tool without arguments ({} or nothing) needs no schema run.
      if (takesNothing && (args === undefined || isEmptyPlainObject(args))) return { ok: true, value: {} };
      if (input === null) return argumentsRefused(args ?? {});
      const parsed = input.safeParse(args ?? {});
      if (!parsed.success) return { ok: false, message: describeIssues(parsed.error.issues) };
      const dropped = protoKeyPath(args);
      return dropped === undefined ? { ok: true, value: parsed.data } : { ok: false, message: `${dropped}: "__proto__" is not a name this tool takes` };
    },
    handler: spec.handler as Tool['handler'],
    ...(spec.cacheKey ? { cacheKey: spec.cacheKey as Tool['cacheKey'] } : {}),
    ...(spec.needsClientCapabilities ? { needsClientCapabilities: spec.needsClientCapabilities } : {}),
  };
}

/**
 * MCP wants `type: "object"` at the root of an outputSchema; an answer of several shapes (a union of objects,
 * which JSON Schema writes as a bare anyOf) says so at the root too.
 */
function objectRooted(name: string, schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.type === 'object') return schema;
  const variants = schema.anyOf;
  if (Array.isArray(variants) && variants.every((variant) => (variant as { type?: unknown }).type === 'object')) return { type: 'object', ...schema };
  throw new Error(`the output schema of ${name} must describe an object`);
}

/** A read-only tool has no effect at all: it is neither destructive nor anything but idempotent. */
function annotationsOf(effect: ToolEffect): ToolAnnotations {
  if (effect.readOnly) return { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  return { readOnlyHint: false, destructiveHint: effect.destructive, idempotentHint: effect.idempotent, openWorldHint: false };
}

/** What zod's `z.strictObject({})` gives as input JSON Schema (without `$schema`). */
const NO_ARGUMENTS_SCHEMA = { type: 'object', properties: {}, additionalProperties: false } as const;

/** A strict object schema with no properties: `{}` is its only valid input, and it parses to `{}`. */
function takesNoArguments(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; shape?: object; catchall?: z.ZodType };
  return def.type === 'object' && Object.keys(def.shape ?? {}).length === 0 && def.catchall?._zod.def.type === 'never';
}

/** The verdict `z.strictObject({})` gives on anything but an empty object, in describeIssues' words. */
function argumentsRefused(args: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    const received = args === null ? 'null' : Array.isArray(args) ? 'array' : typeof args;
    return { ok: false, message: `Invalid input: expected object, received ${received}` };
  }
  const keys: string[] = [];
  for (const key in args) keys.push(key);
  if (keys.length === 0) return { ok: true, value: {} };
  return { ok: false, message: `unknown argument${keys.length > 1 ? 's' : ''} ${namesShown(keys)}` };
}

/**
 * Names from the request, as an answer repeats them: the first 5, each up to 100 characters, and how many
 * more (one argument named with 10 MB, or 300,000 of them, made an answer as long).
 */
function namesShown(names: readonly (string | number | symbol)[]): string {
  const shown = names.slice(0, 5).map((name) => { const text = String(name); return text.length > 100 ? `${text.slice(0, 100)}…` : text; });
  return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
}

/**
 * Where the arguments hold a key named `__proto__` (JSON.parse makes it an own key), as `fields.__proto__`.
 * zod's records leave such a key out without a word, so content_update's `fields: {"__proto__": …}` changed
 * nothing and answered as if it had; strict objects refuse it already.
 */
function protoKeyPath(args: unknown): string | undefined {
  // A stack rather than recursion, and each place linked to its parent: values under z.unknown() may nest
  // as deep as the request allows.
  interface Place { value: object; key: string; parent: Place | undefined }
  const waiting: Place[] = typeof args === 'object' && args !== null ? [{ value: args, key: '', parent: undefined }] : [];
  for (let place = waiting.pop(); place !== undefined; place = waiting.pop()) {
    if (!Array.isArray(place.value) && Object.hasOwn(place.value, '__proto__')) {
      const keys = ['__proto__'];
      for (let at: Place | undefined = place; at?.parent !== undefined; at = at.parent) keys.unshift(at.key);
      return keys.map((key) => namesShown([key])).join('.');
    }
    for (const [key, inner] of Object.entries(place.value)) {
      if (typeof inner === 'object' && inner !== null) waiting.push({ value: inner, key, parent: place });
    }
  }
  return undefined;
}

function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const _key in value) return false;
  return Object.getOwnPropertySymbols(value).length === 0;
}

/** One readable sentence from zod's issues, naming each argument that is wrong. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.map((part) => namesShown([part])).join('.')}: ` : '';
    if (issue.code === 'unrecognized_keys') return `${where}unknown argument${issue.keys.length > 1 ? 's' : ''} ${namesShown(issue.keys)}`;
    return `${where}${issue.message}`;
  });
  return parts.join('; ');
}
