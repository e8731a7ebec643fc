// Runs in the interop scratch folder. Usage: node v2-client-stdio.mjs /abs/dist/stdio.js SITE_ROOT MODE  (TOKEN in env)
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { exercise } from './v2-exercise.mjs';

const [stdioJs, root, mode] = process.argv.slice(2);
const transport = new StdioClientTransport({
  command: process.env.SVC_NODE || 'node',
  args: [stdioJs, `--root=${root}`],
  env: { PATH: process.env.PATH, SVC_TOKEN: process.env.TOKEN },
  stderr: 'inherit',
});
const client = new Client({ name: `svc-interop-v2-stdio-${mode}`, version: '1.0.0' }, { versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: mode } } });
await exercise(client, transport, '2026-07-28');
