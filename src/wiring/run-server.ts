// The HTTP server's start (dist/server.js, after its Node version check): config -> stores -> routes ->
// listen (see start-server.ts, which `svc serve` shares).
import { configOrExit } from '../config.js';
import { importLater } from '../lib/on-demand.js';
import { checkSiteFolders, exitOnStartFailure } from './start-failure.js';

// Loaded once the settings and folders are found fit: a start refused for them says so in 0.1 s, where
// loading the server first took 0.4 s of CPU (Node 24).
const startModule = importLater<typeof import('./start-server.js')>('./start-server.js', import.meta.url);

export async function runServer(argv: string[]): Promise<void> {
  const config = configOrExit(argv);
  try {
    checkSiteFolders(config);
    const { startServer } = await startModule();
    await startServer(config);
  } catch (error) {
    exitOnStartFailure(error);
  }
}
