// Runs inside the interop scratch folder (where @modelcontextprotocol/sdk is installed), never in the repo.
// Usage: node sdk-client-http.mjs URL   (TOKEN in the environment)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { exercise } from './sdk-exercise.mjs';

const transport = new StreamableHTTPClientTransport(new URL(process.argv[2]), {
  requestInit: { headers: { authorization: `Bearer ${process.env.TOKEN}` } },
});
await exercise(new Client({ name: 'svc-interop-http', version: '1.0.0' }), transport);
