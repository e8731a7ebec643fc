// Runs in the interop scratch folder (where @modelcontextprotocol/client 2.4.x is installed), never in the repo.
// Usage: node v2-client-http.mjs URL MODE   (MODE: 2026-07-28 to pin it, or auto; TOKEN in the environment)
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exercise } from './v2-exercise.mjs';

const [url, mode] = process.argv.slice(2);
const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${process.env.TOKEN}` } } });
const client = new Client({ name: `svc-interop-v2-http-${mode}`, version: '1.0.0' }, { versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: mode } } });
await exercise(client, transport, '2026-07-28');
