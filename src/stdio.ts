#!/usr/bin/env node
// stdio entry (`svc:mcp`): node dist/stdio.js --token=<token> (or SVC_TOKEN). Only the Node version check and
// the compile cache are imported statically, both loadable on any Node, so an older Node hears why in one
// sentence (lib/node-version-check.ts); the cache is turned on before the start is loaded, so it covers every
// module after it; the start is in wiring/run-stdio.ts.
import { exitOnUnsupportedNode } from './lib/node-version-check.js';
import { useCompileCache } from './process-tuning/compile-cache.js';

exitOnUnsupportedNode();
useCompileCache(process.stdout);
const { runStdio } = await import('./wiring/run-stdio.js');
void runStdio(process.argv.slice(2));
