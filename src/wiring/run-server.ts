// The HTTP server's start (dist/server.js, after its Node version check): config -> stores -> routes ->
// listen (see start-server.ts, which `svc serve` shares).
import { configOrExit } from '../config.js';
import { startServer } from './start-server.js';
import { checkSiteFolders, exitOnStartFailure } from './start-failure.js';

export async function runServer(argv: string[]): Promise<void> {
  const config = configOrExit(argv);
  try {
    checkSiteFolders(config);
    await startServer(config);
  } catch (error) {
    exitOnStartFailure(error);
  }
}
