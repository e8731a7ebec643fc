#!/usr/bin/env node
// Composition root of the HTTP server: config -> stores -> routes -> listen (see start-server.ts, which
// `svc serve` shares).
import { loadConfig, ConfigError } from './config.js';
import { startServer } from './wiring/start-server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(2);
    }
    throw error;
  }
  await startServer(config);
}

void main();
