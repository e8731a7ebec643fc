#!/usr/bin/env node
// The `svc` command for operators: node dist/cli.js <command>. Only the Node version check is imported
// statically, so it runs before anything that an older Node cannot link (lib/node-version-check.ts); the
// commands are in cli/run-cli.ts.
import { exitOnUnsupportedNode } from './lib/node-version-check.js';

exitOnUnsupportedNode();
const { runCli } = await import('./cli/run-cli.js');
runCli(process.argv.slice(2));
