// Two real svc processes on one test site, as the change feed's tests need them: the server (dist/server.js)
// and a stdio session, a token for both, tool calls through either, and the site's change feed to read.
import { after } from 'node:test';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from './test-site.ts';
import { spawnStdio, type StdioChild } from './stdio-child.ts';
import { startRealServer, type RealServer } from './special-files.ts';
import type { ChangeEvent } from '../../src/feed/change-event.ts';
import { feedIn } from './site-feed.ts';

export interface TwoProcesses {
  site: TestSite;
  server: RealServer;
  stdio: StdioChild;
  /** A tool's result through the server's MCP endpoint, or through the stdio session. */
  overHttp(name: string, args: Record<string, unknown>): Promise<any>;
  overStdio(name: string, args: Record<string, unknown>): Promise<any>;
  /** Every event in the site's change feed. */
  events(): ChangeEvent[];
}

/** Starts both (stopped when the test file ends); the token is named `tokenName`, with every content scope. */
export async function startTwoProcesses(tokenName: string): Promise<TwoProcesses> {
  const site = await makeTestSite();
  const { token } = site.deps.auth.createToken({ ownerId: 'ann', name: tokenName, scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null });
  const server = await startRealServer(site.root);
  const stdio = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await stdio.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: tokenName, version: '1' } });
  after(async () => {
    await stdio.exit();
    await server.stop();
    site.cleanup();
  });
  const feed = feedIn(join(site.root, 'data'));
  return {
    site, server, stdio,
    async overHttp(name, args) {
      const response = await fetch(`${server.url}/svc/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      });
      return (await response.json()).result;
    },
    overStdio: async (name, args) => (await stdio.request('tools/call', { name, arguments: args })).result,
    events: () => feed.since(0, 100_000).events,
  };
}
