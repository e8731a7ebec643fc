#!/usr/bin/env node
// stdio entry (`svc:mcp`): node dist/stdio.js --token=<token> (or SVC_TOKEN). Only the Node version check is
// imported statically, so it runs before anything that an older Node cannot link (lib/node-version-check.ts);
// the compile cache is turned on next, so it covers every module after it; the start is in
// wiring/run-stdio.ts.
import { exitOnUnsupportedNode } from './lib/node-version-check.js';

exitOnUnsupportedNode();
// Node 20 has no compile cache, so it does not load the module that turns it on.
if (Number(process.versions.node.split('.')[0]) >= 22) (await import('./lib/compile-cache.js')).useCompileCache(process.stdout);
const { runStdio } = await import('./wiring/run-stdio.js');
void runStdio(process.argv.slice(2));
