// tools/call for one declared tool: scope, then arguments, then the handler. Every failure the assistant can
// act on is a tool result with isError and a sentence; only AppError messages are shown, anything else is
// "Internal error." and logged.
import { isAppError } from '../errors.js';
import type { McpContext } from './context.js';
import type { Tool } from './tool.js';
import { scopeRefusal } from './scope-check.js';

export interface CallToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: true;
  [key: string]: unknown;
}

export function toolAnswer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

export function toolError(sentence: string): CallToolResult {
  return { content: [{ type: 'text', text: sentence }], isError: true };
}

export async function callTool(tool: Tool, args: unknown, context: McpContext): Promise<CallToolResult> {
  const refusal = scopeRefusal(context.principal, tool.scope, `the tool ${tool.name}`);
  if (refusal) return toolError(refusal);
  const parsed = tool.parse(args);
  if (!parsed.ok) return toolError(`The arguments of ${tool.name} are not valid: ${parsed.message}. Fix them and call ${tool.name} again.`);
  try {
    return toolAnswer(await tool.handler(parsed.value, context));
  } catch (error) {
    if (isAppError(error) && error.kind !== 'internal') return toolError(error.message);
    context.deps.log(`svc: tool ${tool.name} failed: ${(error as Error)?.stack ?? error}`);
    return toolError(`Internal error. The tool ${tool.name} could not finish; try again later, and tell the person if it keeps failing.`);
  }
}
