#!/usr/bin/env node
// stdio entry (`svc:mcp`): node dist/stdio.js --token=<token> (or SVC_TOKEN). Only the Node version check and
// the compile cache switch are imported statically, so the check runs before anything that an older Node
// cannot link (lib/node-version-check.ts) and the cache covers every module after them; the start is in
// wiring/run-stdio.ts.
import { exitOnUnsupportedNode } from './lib/node-version-check.js';
import { useCompileCache } from './lib/compile-cache.js';

exitOnUnsupportedNode();
useCompileCache(process.stdout);
const { runStdio } = await import('./wiring/run-stdio.js');
void runStdio(process.argv.slice(2));
