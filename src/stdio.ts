#!/usr/bin/env node
// stdio entry (`svc:mcp`): node dist/stdio.js --token=<token> (or SVC_TOKEN). Only the Node version check is
// imported statically, so it runs before anything that an older Node cannot link (lib/node-version-check.ts);
// the start is in wiring/run-stdio.ts.
import { exitOnUnsupportedNode } from './lib/node-version-check.js';

exitOnUnsupportedNode();
const { runStdio } = await import('./wiring/run-stdio.js');
void runStdio(process.argv.slice(2));
