// The HTTP server's start (dist/server.js, after its Node version check): config -> stores -> routes ->
// listen (see start-server.ts, which `svc serve` shares).
import { loadConfig, ConfigError } from '../config.js';
import { startServer } from './start-server.js';

export async function runServer(argv: string[]): Promise<void> {
  let config;
  try {
    config = loadConfig(argv);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(2);
    }
    throw error;
  }
  await startServer(config);
}
