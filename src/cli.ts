#!/usr/bin/env node
// The `svc` command for operators: node dist/cli.js <command>. Only the Node version check is imported
// statically, so it runs before anything that an older Node cannot link (lib/node-version-check.ts); the
// commands are in cli/run-cli.ts. A server (serve, demo) tunes its heap before the modules are loaded
// (process-tuning/heap-tuning.ts).
import { keepYoungGenerationSmall, turnMemoryReducerOff } from './process-tuning/heap-tuning.js';
import { exitOnUnsupportedNode } from './lib/node-version-check.js';

exitOnUnsupportedNode();
if (process.argv[2] === 'serve' || process.argv[2] === 'demo') {
  keepYoungGenerationSmall();
  turnMemoryReducerOff();
}
const { runCli } = await import('./cli/run-cli.js');
runCli(process.argv.slice(2));
