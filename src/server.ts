#!/usr/bin/env node
// The HTTP server (`npm start`): node dist/server.js. Only the Node version check is imported statically, so it
// runs before anything that an older Node cannot link (lib/node-version-check.ts); the start is in
// wiring/run-server.ts.
import { exitOnUnsupportedNode } from './lib/node-version-check.js';

exitOnUnsupportedNode();
const { runServer } = await import('./wiring/run-server.js');
void runServer(process.argv.slice(2));
