// Messages of the 2026-07-28 revision for the tests: `_meta` with the protocol version and client
// capabilities in every request, and over HTTP the headers that repeat the body (MCP-Protocol-Version,
// Mcp-Method, Mcp-Name).
import type { TestSite } from './test-site.ts';
import { post, type Answer } from './mcp-http.ts';

export const MODERN = '2026-07-28';

export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'modern-test', version: '1.0.0' },
};

let nextId = 1000;

/** A modern request body: params with the usual `_meta` (merged with `meta`; a null value leaves a key out). */
export function modernBody(method: string, params: Record<string, unknown> = {}, meta: Record<string, unknown> = {}, id: number = nextId++): Record<string, unknown> {
  const merged = Object.fromEntries(Object.entries({ ...MODERN_META, ...meta }).filter(([, value]) => value !== null));
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: merged } };
}

/** The routing headers a modern client sends for this body. */
export function modernHeaders(body: Record<string, any>): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN, 'mcp-method': body.method };
  const name = body.method === 'resources/read' ? body.params?.uri : body.method === 'tools/call' || body.method === 'prompts/get' ? body.params?.name : undefined;
  if (typeof name === 'string') headers['mcp-name'] = name;
  return headers;
}

/** Posts a modern request; `headers` override the routing headers (null leaves one out). */
export async function modern(site: TestSite, url: string, token: string, method: string, params?: Record<string, unknown>,
  options: { meta?: Record<string, unknown>; headers?: Record<string, string | null> } = {}): Promise<Answer> {
  site.clock.now += 1000;
  const body = modernBody(method, params, options.meta);
  return post(url, body, token, { ...modernHeaders(body), ...options.headers });
}
