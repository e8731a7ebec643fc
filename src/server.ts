#!/usr/bin/env node
// The HTTP server (`npm start`): node dist/server.js. Only the Node version check and the heap tuning are
// imported statically, so the check runs before anything that an older Node cannot link
// (lib/node-version-check.ts) and the tuning before the modules are loaded (process-tuning/heap-tuning.ts); the start is
// in wiring/run-server.ts.
import { keepYoungGenerationSmall, turnMemoryReducerOff } from './process-tuning/heap-tuning.js';
import { exitOnUnsupportedNode } from './lib/node-version-check.js';

exitOnUnsupportedNode();
keepYoungGenerationSmall();
turnMemoryReducerOff();
const { runServer } = await import('./wiring/run-server.js');
void runServer(process.argv.slice(2));
