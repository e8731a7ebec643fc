// Runs inside the interop scratch folder. Usage: node sdk-client-stdio.mjs /abs/dist/stdio.js SITE_ROOT  (TOKEN in env)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { exercise } from './sdk-exercise.mjs';

const [stdioJs, root] = process.argv.slice(2);
const transport = new StdioClientTransport({
  command: process.env.SVC_NODE || 'node',
  args: [stdioJs, `--root=${root}`],
  env: { PATH: process.env.PATH, SVC_TOKEN: process.env.TOKEN },
  stderr: 'inherit',
});
await exercise(new Client({ name: 'svc-interop-stdio', version: '1.0.0' }), transport);
