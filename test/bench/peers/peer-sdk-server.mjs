// The SDK peer (mirrors the reference in the design notes): the same job — bearer check, site_info and
// content_list over Streamable HTTP with JSON answers — built on the official MCP TypeScript SDK, stateless
// (one McpServer + transport per request, as the SDK's examples do). Copied into a scratch folder where the
// SDK is installed; never part of the project's dependencies. Usage: node peer-sdk-server.mjs PORT
import http from 'node:http';
import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const port = Number(process.argv[2] || 8791);
const TOKEN_HASH = createHash('sha256').update(process.env.PEER_TOKEN || 'svc_peertoken').digest('hex');
const entries = Array.from({ length: 200 }, (_, i) => ({
  id: `posts/post-${i}`, title: `Post ${i}`, status: 'published', date: '2026-01-01',
  url: `http://localhost/post-${i}`, languages: ['en'], tags: ['news'], created_by_assistant: false,
}));

function build() {
  const server = new McpServer({ name: 'peer', version: '1.0.0' }, { instructions: 'peer' });
  server.registerTool('site_info', { description: 'site info', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: JSON.stringify({ title: 'Peer', timezone: 'UTC', languages: { en: 'English' } }) }],
  }));
  server.registerTool('content_list', {
    description: 'list entries',
    inputSchema: { type: z.string().optional(), limit: z.number().int().min(1).max(100).optional() },
  }, async ({ limit = 20 }) => {
    const rows = entries.slice(0, limit);
    return { content: [{ type: 'text', text: JSON.stringify({ count: rows.length, entries: rows }) }] };
  });
  return server;
}

http.createServer(async (req, res) => {
  const auth = req.headers.authorization || '';
  const tok = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  if (createHash('sha256').update(tok).digest('hex') !== TOKEN_HASH) {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
    return res.end('{"error":"A valid token is required."}');
  }
  if (req.method !== 'POST') { res.writeHead(405); return res.end(); }
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const server = build();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => { transport.close(); server.close(); });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}).listen(port, '127.0.0.1', () => console.error(`peer listening on ${port}`));
