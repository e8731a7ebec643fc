// `svc mcp`: the stdio MCP server in this process, exactly as `node dist/stdio.js` runs it.
//
// It was a child process with the signals forwarded to it. A child is in the terminal's process group, so
// one Ctrl-C reached it twice (from the terminal and forwarded), and a second signal ends a session at once
// (exit 130) mid-message (README "Stopping"). In this process there is one signal and the stdio server's own
// handlers. What the child had is kept: dist/stdio.js sets no heap flags (nor does dist/cli.js for `mcp`),
// and it turns Node's compile cache on, with a flush after every answer, before it loads the stdio server
// (process-tuning/compile-cache.ts): done here the same way, before the server's modules load.
import { useCompileCache } from '../process-tuning/compile-cache.js';
import { importLater } from '../lib/on-demand.js';

const stdioStart = importLater<typeof import('../wiring/run-stdio.js')>('../wiring/run-stdio.js', import.meta.url);

/**
 * Runs the stdio server with `args` (checked by the caller); it ends the process itself, with the exit code
 * dist/stdio.js gives. `stdoutHandlers`: the command line's own listeners on stdout errors, removed first:
 * the stdio server has its own (a closed pipe ends a session quietly, anything else is said on stderr).
 */
export async function runMcp(args: string[], stdoutHandlers: Array<(error: NodeJS.ErrnoException) => void>): Promise<number> {
  for (const handler of stdoutHandlers) process.stdout.off('error', handler);
  useCompileCache(process.stdout);
  const { runStdio } = await stdioStart();
  await runStdio(args);
  // runStdio exits when the session ends; -1 says a server is running, should it ever return.
  return -1;
}
