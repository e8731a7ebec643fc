// The params of the MCP methods, checked by hand, unlike every other edge: zod is some 95 modules, and with
// the schemas here it loads at every start. Measured with them back (medians of interleaved starts, 2
// cores): the stdio server's first site_info answer ~40 ms later on Node 24, where it takes ~55 ms without;
// its budget, half the SDK peer's (155 ms), would not hold.
// A problem answers -32602 with the sentence the zod schemas used to give (tests and clients rely on them):
// `Invalid params for <method>: <path>: <problem>.`
import { ErrorCodes, RpcError } from '../jsonrpc/messages.js';

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Fields = Record<string, unknown>;

function refuse(method: string, path: string, problem: string): never {
  throw new RpcError(ErrorCodes.invalidParams, `Invalid params for ${method}: ${path ? `${path}: ` : ''}${problem}.`);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : String(value);
  return typeof value;
}

function wrongType(method: string, path: string, expected: string, value: unknown): never {
  return refuse(method, path, `Invalid input: expected ${expected}, received ${typeName(value)}`);
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

function object(method: string, path: string, value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : wrongType(method, path, 'object', value);
}

function string(method: string, path: string, value: unknown): string {
  return typeof value === 'string' ? value : wrongType(method, path, 'string', value);
}

function optionalString(method: string, path: string, value: unknown): string | undefined {
  return value === undefined ? undefined : string(method, path, value);
}

/** A plain mapping; with `strings`, every value must be a string. */
function record(method: string, path: string, value: unknown, strings: boolean): Fields | undefined {
  if (value === undefined) return undefined;
  const proto = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.getPrototypeOf(value) : undefined;
  if (proto !== Object.prototype && proto !== null) return wrongType(method, path, 'record', value);
  if (strings) for (const [key, item] of Object.entries(value as Fields)) string(method, at(path, key), item);
  return value as Fields;
}

export function cursorParams(params: unknown, method: string): { cursor?: string } {
  const cursor = optionalString(method, 'cursor', object(method, '', params).cursor);
  return cursor === undefined ? {} : { cursor };
}

export function initializeParams(params: unknown): { protocolVersion: string } {
  const method = 'initialize';
  const p = object(method, '', params);
  const protocolVersion = string(method, 'protocolVersion', p.protocolVersion);
  record(method, 'capabilities', p.capabilities, false);
  if (p.clientInfo !== undefined) {
    const info = object(method, 'clientInfo', p.clientInfo);
    string(method, 'clientInfo.name', info.name);
    string(method, 'clientInfo.version', info.version);
  }
  return { protocolVersion };
}

export function callParams(params: unknown): { name: string; arguments?: Fields } {
  const p = object('tools/call', '', params);
  const name = string('tools/call', 'name', p.name);
  const args = record('tools/call', 'arguments', p.arguments, false);
  return args === undefined ? { name } : { name, arguments: args };
}

export function readParams(params: unknown): { uri: string } {
  return { uri: string('resources/read', 'uri', object('resources/read', '', params).uri) };
}

export function getPromptParams(params: unknown): { name: string; arguments?: Record<string, string> } {
  const p = object('prompts/get', '', params);
  const name = string('prompts/get', 'name', p.name);
  const args = record('prompts/get', 'arguments', p.arguments, true) as Record<string, string> | undefined;
  return args === undefined ? { name } : { name, arguments: args };
}

export function setLevelParams(params: unknown): { level: LogLevel } {
  const level = object('logging/setLevel', '', params).level;
  if (!(LOG_LEVELS as readonly unknown[]).includes(level)) {
    refuse('logging/setLevel', 'level', `Invalid option: expected one of ${LOG_LEVELS.map((name) => `"${name}"`).join('|')}`);
  }
  return { level: level as LogLevel };
}

export interface CompleteParams {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
}

export function completeParams(params: unknown): CompleteParams {
  const method = 'completion/complete';
  const p = object(method, '', params);
  const ref = object(method, 'ref', p.ref);
  let checkedRef: CompleteParams['ref'];
  if (ref.type === 'ref/prompt') checkedRef = { type: 'ref/prompt', name: string(method, 'ref.name', ref.name) };
  else if (ref.type === 'ref/resource') checkedRef = { type: 'ref/resource', uri: string(method, 'ref.uri', ref.uri) };
  else return refuse(method, 'ref.type', "Invalid discriminator value. Expected 'ref/prompt' | 'ref/resource'");
  const argument = object(method, 'argument', p.argument);
  const checkedArgument = { name: string(method, 'argument.name', argument.name), value: string(method, 'argument.value', argument.value) };
  if (p.context !== undefined) record(method, 'context.arguments', object(method, 'context', p.context).arguments, true);
  return { ref: checkedRef, argument: checkedArgument };
}
