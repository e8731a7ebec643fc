// Starts the real HTTP server (createHttpServer + buildRouter) on port 0 and posts MCP messages to it.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '../../dist/http/server.js';
import { buildRouter } from '../../dist/wiring/routes.js';
import { Router } from '../../dist/http/router.js';
import { registerMcpRoutes, type McpHttpOptions } from '../../dist/mcp/transports/http.js';
import type { McpRegistry } from '../../src/mcp/mcp-server.ts';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';
import type { TestSite } from './test-site.ts';
import { assertAnswerConforms } from './output-schemas.ts';
import { watchApiAnswers } from './api-answer-watch.ts';

export interface HttpHarness {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** The installation's router; with `mcp` options, a router holding only the MCP routes built with them. */
export async function startHttp(site: TestSite, mcp?: McpHttpOptions & { registry?: McpRegistry }): Promise<HttpHarness> {
  let router: Router;
  if (mcp) {
    router = new Router();
    registerMcpRoutes(router, site.deps, mcp.registry ?? defaultRegistry(), mcp);
  } else {
    router = buildRouter(site.deps);
  }
  const server = createHttpServer(router, { trustProxy: false, log: () => {} });
  const apiProblems = watchApiAnswers(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/svc/mcp`,
    port,
    server,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      // Every Content API answer of the test (the statistics' among them) conformed to openapi.json.
      server.close(() => (apiProblems().length === 0 ? resolve() : reject(new Error(`Content API answers that do not conform to openapi.json:\n${apiProblems().join('\n')}`))));
    }),
  };
}

export const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
};

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** `headers` override the MCP defaults; a null value leaves that header out. */
export async function post(url: string, body: unknown, token: string | null, headers: Record<string, string | null> = {}): Promise<Answer> {
  const merged: Record<string, string | null> = { ...MCP_HEADERS, ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers };
  const response = await fetch(url, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(merged).filter((pair): pair is [string, string] => pair[1] !== null)),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  return { status: response.status, headers: response.headers, text, json };
}

let nextId = 1;

/** One request; the fixed clock moves a second so the per-person limit never bites unless a test wants it. */
export async function rpc(site: TestSite, url: string, token: string, method: string, params?: unknown, headers: Record<string, string | null> = {}): Promise<Answer> {
  site.clock.now += 1000;
  return post(url, { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) }, token, headers);
}

/** tools/call, returning the tool result, which is checked against the tool's outputSchema. */
export async function callTool(site: TestSite, url: string, token: string, name: string, args?: unknown): Promise<any> {
  const answer = await rpc(site, url, token, 'tools/call', { name, ...(args === undefined ? {} : { arguments: args }) });
  if (answer.status !== 200) throw new Error(`tools/call ${name} answered ${answer.status}: ${answer.text}`);
  if (answer.json.result) await assertAnswerConforms(name, answer.json.result);
  return answer.json.result;
}

/** tools/call on a real server (its own clock) at `serverUrl`; throws when the tool answers an error. */
export async function callToolAt(serverUrl: string, token: string, name: string, args: Record<string, unknown>): Promise<any> {
  const answer = await post(`${serverUrl}/svc/mcp`, { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } }, token);
  const result = (answer.json as any)?.result;
  if (answer.status !== 200 || !result || result.isError) throw new Error(`tools/call ${name} answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  return result;
}
