// tools/call for one declared tool: scope, then arguments, then the handler. Every failure the assistant can
// act on is a tool result with isError and a sentence; only AppError messages are shown, anything else is
// "Internal error." and logged.
import { isAppError } from '../errors.js';
import { withJsonText } from '../jsonrpc/serialize.js';
import type { McpContext } from './context.js';
import type { Parsed, Tool } from './tool.js';
import type { ToolAnswerCache } from './tool-answer-cache.js';
import { scopeRefusal } from '../auth/scope-refusal.js';
import { RpcError } from '../jsonrpc/messages.js';
import { ModernErrorCodes } from './protocol-version.js';
import { holdsScope, type Principal, type Scope } from '../auth/principal.js';

export interface CallToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: true;
  [key: string]: unknown;
}

/**
 * The answer as JSON text and as structuredContent. The value is serialized once: the result's own JSON
 * text is built around that one string (see jsonrpc/serialize.ts), so the reply does not walk it again.
 */
export function toolAnswer(value: Record<string, unknown>): CallToolResult {
  const text = JSON.stringify(value);
  const result: CallToolResult = { content: [{ type: 'text', text }], structuredContent: value };
  Object.freeze(result.content[0]);
  Object.freeze(result.content);
  return withJsonText(result, answerText(text));
}

/** A toolAnswer that owns every object in it (parsed back from its text), frozen whole: safe to hand out again. */
function keptAnswer(value: Record<string, unknown>): CallToolResult {
  const text = JSON.stringify(value);
  const result: CallToolResult = { content: [{ type: 'text', text }], structuredContent: deepFreeze(JSON.parse(text) as Record<string, unknown>) };
  Object.freeze(result.content[0]);
  Object.freeze(result.content);
  return withJsonText(result, answerText(text));
}

/** JSON.stringify({content: [{type: 'text', text}], structuredContent: value}) where `text` is value's JSON. */
function answerText(text: string): string {
  return `{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

export function toolError(sentence: string): CallToolResult {
  return { content: [{ type: 'text', text: sentence }], isError: true };
}

/** A kept answer is returned at once; anything else runs the handler. */
export function callTool(tool: Tool, args: unknown, context: McpContext, cache?: ToolAnswerCache<CallToolResult>): CallToolResult | Promise<CallToolResult> {
  if (tool.needsClientCapabilities && context.session.clientCapabilities) refuseUndeclaredCapabilities(tool, context.session.clientCapabilities);
  if (!holdsScope(context.principal, tool.scope)) return refusalSentence(context.principal, tool.scope!, `use the tool ${tool.name}`).then(toolError);
  return callChecked(tool, tool.parse(args), context, cache);
}

/** auth/scope-refusal.ts's sentence for a thing the token may not do (`action` completes "This token may not ..."). */
export async function refusalSentence(principal: Principal, scope: Scope, action: string): Promise<string> {
  return scopeRefusal(principal, scope, action)!;
}

/** The call once its arguments are checked. */
function callChecked(tool: Tool, parsed: Parsed, context: McpContext, cache?: ToolAnswerCache<CallToolResult>): CallToolResult | Promise<CallToolResult> {
  if (!parsed.ok) return toolError(`The arguments of ${tool.name} are not valid: ${parsed.message}. Fix them and call ${tool.name} again.`);
  // Before the content index exists there is nothing to key a kept answer on (and no need to build it).
  if (!cache || !tool.cacheKey || !context.deps.content.ready) return run(tool, parsed.value, context);
  try {
    const key = tool.cacheKey(parsed.value, context);
    const content = context.deps.content;
    // Read before the handler runs: if the content changes meanwhile, the answer is kept under the older
    // generation and the next call builds a new one.
    const generation = content.generation;
    return cache.get(content, generation, tool.name, key) ?? run(tool, parsed.value, context, (answer) => cache.set(content, generation, tool.name, key, answer));
  } catch (error) {
    return failure(tool, error, context);
  }
}

/**
 * A 2026-07-28 request declares its client's capabilities; a tool that needs one it lacks must not run
 * (-32021, naming them as a ClientCapabilities object). The 2025 path over HTTP has no declaration to check.
 */
function refuseUndeclaredCapabilities(tool: Tool, declared: Record<string, unknown>): void {
  const missing = Object.entries(tool.needsClientCapabilities!).filter(([name]) => !Object.hasOwn(declared, name));
  if (missing.length === 0) return;
  throw new RpcError(ModernErrorCodes.missingRequiredClientCapability,
    `The tool ${tool.name} needs the client capabilit${missing.length > 1 ? 'ies' : 'y'} ${missing.map(([name]) => name).join(', ')}, which this request did not declare in _meta.`,
    { requiredCapabilities: Object.fromEntries(missing) });
}

async function run(tool: Tool, args: unknown, context: McpContext, keep?: (answer: CallToolResult) => void): Promise<CallToolResult> {
  try {
    const value = await tool.handler(args, context);
    if (!keep) return toolAnswer(value);
    const answer = keptAnswer(value);
    keep(answer);
    return answer;
  } catch (error) {
    return failure(tool, error, context);
  }
}

function failure(tool: Tool, error: unknown, context: McpContext): CallToolResult {
  if (isAppError(error) && error.kind !== 'internal') return toolError(error.message);
  context.deps.log(`svc: tool ${tool.name} failed: ${(error as Error)?.stack ?? error}`);
  return toolError(`Internal error. The tool ${tool.name} could not finish; try again later, and tell the person if it keeps failing.`);
}
