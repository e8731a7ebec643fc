// The stdio MCP server's start (dist/stdio.js, after its Node version check). Only protocol goes to stdout;
// everything else goes to stderr.
import { configOrExit, readFlags } from '../config.js';
import { prepareConfiguredFolders } from '../lib/configured-folders.js';
import { createMcpExchange } from '../mcp/exchange.js';
import { serveStdio } from '../mcp/transports/stdio.js';
import { buildDeps } from './build-deps.js';
import { defaultRegistry } from './mcp-registry.js';
import { exitOnFolderProblem, exitOnStartFailure } from './start-failure.js';
import { stop as stopInOrder } from './stop-on-signals.js';
import type { AppDeps } from './app-deps.js';

const NO_TOKEN =
  'svc: a valid token is required: pass --token=<token> or set SVC_TOKEN to a token created in the panel under Assistants.';

export async function runStdio(argv: string[]): Promise<void> {
  // Anything printed by accident must not corrupt the protocol stream.
  console.log = console.error;
  console.info = console.error;

  const config = configOrExit(argv);
  // loadConfig has checked the flags already (--token among them), so this read cannot fail.
  const flag = readFlags(argv).token;
  const token = (typeof flag === 'string' && flag) || process.env.SVC_TOKEN || '';
  if (!token) fail(NO_TOKEN);

  const problem = prepareConfiguredFolders(config);
  if (problem) exitOnFolderProblem(problem, config);
  const refuse = async (error: unknown): Promise<never> => exitOnStartFailure(error);
  // It listens nowhere: without --base-url or SVC_BASE_URL, every address it gives is site.yaml's `url`.
  const deps = await buildDeps(config, undefined, { lazyModules: true, publicUrlFromSite: true }).catch(refuse);
  if (!deps.verifier.verify(token)) fail(`${NO_TOKEN} The token given is unknown, expired or revoked.`);

  const exchange = createMcpExchange({ registry: defaultRegistry(), log: deps.log });
  // The assistant that started us went away (closed our stdout): nobody is left to answer, so end quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') process.exit(0);
    deps.log(`svc: stdout failed: ${error.message}`);
    process.exit(1);
  });
  // A signal ends the session as closing stdin does: the messages read are answered (a tool call in progress
  // finishes its write), then the process exits 0; a second signal exits at once.
  const stop = new AbortController();
  const settleSoon = settleOnceBuilt(deps.content);
  const served = serveStdio({
    stop: stop.signal,
    input: process.stdin,
    output: process.stdout,
    exchange,
    log: deps.log,
    contextFor: (session) => {
      settleSoon();
      const principal = deps.verifier.verify(token);
      return principal ? { principal, deps, session } : null;
    },
  });
  const onFirstSignal = () => {
    process.off('SIGTERM', onFirstSignal);
    process.off('SIGINT', onFirstSignal);
    void stopInOrder([
      { what: 'answering the messages received', close: () => { stop.abort(); return served; } },
      { what: 'handing on the recording of changes found on disk', close: () => deps.content.close() },
    ], deps.log);
  };
  process.on('SIGTERM', onFirstSignal);
  process.on('SIGINT', onFirstSignal);
  await served;
  // The session ended (its assistant closed stdin): the finder's lease, if this process held it, is handed on.
  await deps.content.close();
  process.exit(0);
}

/**
 * A session that had to read every file (no process had kept the index yet: a first start, or the first
 * after an upgrade, as the kept index is keyed by the code) settles its index once it is built, as the
 * server's search build does (ContentStore.settled): written, taken back packed, and the pages the reading
 * made given back. Without it such a session held 444-452 MB at 100,000 posts for as long as it lived; with
 * it, 202.5 MB at the end of the freshness bench.
 * Looked at a second after a message, until the index is built; a session that never needs it builds none.
 */
function settleOnceBuilt(content: AppDeps['content']): () => void {
  let timer: NodeJS.Timeout | null = null;
  let done = false;
  return () => {
    if (done || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (!content.ready) return;
      done = true;
      content.settled().catch(() => { /* the index is kept a moment later, as after any change */ });
    }, 1000);
    timer.unref();
  };
}

function fail(sentence: string): never {
  process.stderr.write(sentence + '\n');
  process.exit(1);
}
