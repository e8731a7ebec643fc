// The SDK peer over stdio: the same two tools on the official SDK (run from the scratch folder).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
const server = new McpServer({ name: 'peer', version: '1.0.0' }, { instructions: 'peer' });
server.registerTool('site_info', { description: 'site info', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: '{"title":"Peer"}' }] }));
server.registerTool('content_list', { description: 'list', inputSchema: { limit: z.number().int().optional() } }, async () => ({ content: [{ type: 'text', text: '{"count":0,"entries":[]}' }] }));
await server.connect(new StdioServerTransport());
