#!/usr/bin/env node
// Composition root of the HTTP server: config -> stores -> routes -> listen.
import { loadConfig, ConfigError } from './config.js';
import { buildDeps } from './build-deps.js';
import { buildRouter } from './routes.js';
import { createHttpServer } from './http/server.js';
import { announce } from './announce.js';

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
  const deps = await buildDeps(config);
  const server = createHttpServer(buildRouter(deps), { trustProxy: config.trustProxy, log: deps.log });
  server.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(`svc: cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}\n`);
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    announce(deps, port);
  });
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
