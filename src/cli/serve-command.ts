// `svc serve` and `svc demo`: the whole server, which the command line loads for these two only
// (cli/run-cli.ts), so that `svc user`, `token`, `check` and `init` start without it.
import type { Account } from '../auth/account-reader.js';
import { StartFailure, startFailureSentence } from '../wiring/start-failure.js';
import { buildDeps } from '../wiring/build-deps.js';
import { startServer } from '../wiring/start-server.js';
import { prepareDemo } from './demo.js';
import { seedDemo } from './demo-seed.js';
import { seedDemoStats } from './stats-commands.js';
import type { Parsed } from './options.js';

/** Serves the site in `parsed` (checked to be one); the demo seeds it first and prints its sign-in after. */
export async function serveSite(parsed: Parsed, demo: boolean, print: (line: string) => void): Promise<void> {
  const { config } = parsed;
  const deps = await buildDeps(config, undefined, { trustedFolders: parsed.trustedFolders }).catch((error: unknown) => {
    throw new StartFailure(startFailureSentence(error));
  });
  if (demo) seedDemoStats(deps.stats, deps.content, print);
  await startServer(config, deps);
  // After the start: with port 0 the panel's address names the port actually bound.
  if (demo) {
    const seed = (admin: Account) => seedDemo({ auth: deps.auth, content: deps.content, dataDir: config.dataDir, clock: deps.clock }, admin);
    for (const line of await prepareDemo(deps.auth, `${config.baseUrl}/svc/panel/`, config, seed)) print(line);
  }
}
