// Declaring a tool: one small file per tool calls defineTool, and wiring/mcp-registry.ts lists it in one line.
import type { z } from 'zod';
import type { Scope } from '../auth/principal.js';
import type { McpContext } from './context.js';

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

/** An answer shape: a zod object schema, loaded on first use (tools/list), so answering loads no zod. */
export type OutputSchema = z.ZodType<Record<string, unknown>>;

/**
 * What a call does to the site, in MCP's terms: `readOnly` (readOnlyHint) changes nothing at all; otherwise
 * `destructive` (destructiveHint) when it may change or remove what exists rather than only add, and
 * `idempotent` (idempotentHint) when calling it again with the same arguments writes nothing more, not even
 * a revision or a history line.
 */
export type ToolEffect = { readOnly: true } | { readOnly: false; destructive: boolean; idempotent: boolean };

export type ToolSpec<S extends z.ZodType<Record<string, unknown>>, O extends OutputSchema> = ToolEffect & ToolDeclaration<S, O>;

interface ToolDeclaration<S extends z.ZodType<Record<string, unknown>>, O extends OutputSchema> {
  /** `[A-Za-z0-9_.-]`, e.g. content_list. */
  name: string;
  title: string;
  /** What the tool does; the required scope is appended for you (D5). */
  description: string;
  /** The scope a token needs, or null for none. */
  scope: Scope | null;
  /**
   * A strict zod object: its input JSON Schema becomes inputSchema; arguments are validated with it. Null
   * for a tool without arguments: its module then needs no zod, which a stdio server's start-up feels. Or a
   * function that loads the schema from a module of its own, with `accepts`: the tool's module then needs
   * no zod either, and its first call with common arguments loads none.
   */
  input: S | null | (() => Promise<S>);
  /**
   * Only with an input loaded on use: the common valid arguments recognized by hand, as the schema would
   * give them back, or undefined for anything else (a wrong call among it), which then goes through the
   * schema for its verdict and its message. It must never accept what the schema refuses.
   */
  accepts?: (args: unknown) => z.output<S> | undefined;
  /**
   * The schema of the answer: its output JSON Schema is the tool's outputSchema, and the handler must return
   * what it describes (the type of the handler is taken from it). In a module of its own, imported here.
   */
  output: () => Promise<O>;
  /**
   * Client capabilities the tool cannot work without (e.g. `{sampling: {}}`). A 2026-07-28 request that does
   * not declare them is refused with -32021 before the tool runs; none of the site's tools needs any.
   */
  needsClientCapabilities?: Record<string, Record<string, unknown>>;
  /** Returns the answer object (sent as JSON text and as structuredContent). Throw AppError to refuse. */
  handler: (args: z.output<S>, context: McpContext) => z.output<O> | Promise<z.output<O>>;
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
  /** The answer's JSON Schema (root `type: "object"`), built on first use and kept. */
  outputSchema(): Promise<Record<string, unknown>>;
  /** The arguments checked; a promise only while an input schema loaded on use is not there yet. */
  parse(args: unknown): Parsed | Promise<Parsed>;
  handler: (args: unknown, context: McpContext) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** See ToolSpec.cacheKey. */
  cacheKey?: (args: unknown, context: McpContext) => string;
  /** See ToolSpec.needsClientCapabilities. */
  needsClientCapabilities?: Record<string, Record<string, unknown>>;
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export function defineTool<S extends z.ZodType<Record<string, unknown>>, O extends OutputSchema>(spec: ToolSpec<S, O>): Tool {
  if (!TOOL_NAME.test(spec.name)) throw new Error(`tool name ${spec.name} must match ${TOOL_NAME}`);
  let schema: Promise<Record<string, unknown>> | undefined;
  let output: Promise<Record<string, unknown>> | undefined;
  const scopeSentence = spec.scope ? `Needs a token with the scope ${spec.scope}.` : 'Needs no scope.';
  const loadInput = typeof spec.input === 'function' ? spec.input : undefined;
  if (loadInput && !spec.accepts) throw new Error(`tool ${spec.name} loads its input schema on use: give accepts too`);
  // The schema, once there: at once when declared directly, after the first loadInput() otherwise.
  let input: S | null | undefined = loadInput ? undefined : (spec.input as S | null);
  let loading: Promise<S> | undefined;
  const loadedInput = () => (loading ??= loadInput!().then((loaded) => (input = loaded)));
  const takesNothing = input === null || (input !== undefined && takesNoArguments(input));
  const check = (against: S | null, args: unknown): Parsed => {
    if (takesNothing && (args === undefined || isEmptyPlainObject(args))) return { ok: true, value: {} };
    if (against === null) return argumentsRefused(args ?? {});
    const parsed = against.safeParse(args ?? {});
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeIssues(parsed.error.issues) };
  };
  return {
    name: spec.name,
    title: spec.title,
    description: `${spec.description} ${scopeSentence}`,
    scope: spec.scope,
    annotations: annotationsOf(spec),
    inputSchema() {
      schema ??= (input === undefined ? loadedInput() : Promise.resolve(input)).then((loaded) => {
        if (loaded === null) return { ...NO_ARGUMENTS_SCHEMA };
        // The schema's own method: tool.ts loads no zod, so a tool declared without it never needs it.
        const { $schema: _drop, ...rest } = loaded.toJSONSchema({ io: 'input' }) as unknown as Record<string, unknown>;
        return rest;
      });
      return schema;
    },
    outputSchema() {
      output ??= spec.output().then((shape) => {
        const { $schema: _drop, ...rest } = shape.toJSONSchema({ io: 'output' }) as unknown as Record<string, unknown>;
        return objectRooted(spec.name, rest);
      });
      return output;
    },
    parse(args) {
      // The common call of a tool without arguments ({} or nothing), or with arguments its `accepts` knows,
      // needs no schema run; anything else, including every wrong call, goes through zod for its verdict
      // and its message.
      if (input !== undefined) return check(input, args);
      const accepted = spec.accepts!(args ?? {});
      if (accepted !== undefined) return { ok: true, value: accepted };
      return loadedInput().then((loaded) => check(loaded, args));
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
  return { ok: false, message: `unknown argument${keys.length > 1 ? 's' : ''} ${keys.join(', ')}` };
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
    const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    if (issue.code === 'unrecognized_keys') return `${where}unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}`;
    return `${where}${issue.message}`;
  });
  return parts.join('; ');
}
