// The `svc` command for operators (shared hosting, a terminal): init, user, token, check, serve, mcp, demo.
// Run by dist/cli.js after its Node version check. Every failure ends as one line on stderr and an exit
// code (README "Exit codes"): 2 for a command line it cannot understand, 1 for a request it cannot do.
import { debuglog } from '../lib/node-builtins.js';
import { AppError } from '../errors.js';
import { AuthService } from '../auth/auth-service.js';
import { totpIssuer } from '../auth/totp-issuer.js';
import { systemClock } from '../lib/clock.js';
import { describeFileProblem } from '../lib/file-problem.js';
import { svcCommand } from '../lib/install-paths.js';
import { StartFailure } from '../wiring/start-failure.js';
import { importLater } from '../lib/on-demand.js';
import { CONFIG_OPTIONS } from '../config.js';
import { CommandError, UsageError } from './cli-error.js';
import { usageText } from './usage.js';
import { parseCommand, readCommandLine, shapeOf, type CommandShape, type Parsed } from './options.js';
import { requireSite, requireSiteToRead, writingToSite } from './site-access.js';

// Each command loads what it uses when it runs: `svc user list` took 0.5 s, some 0.3 s of it loading the
// whole server, the site check and the stdio server it never starts; now 0.2 s (lib/on-demand.ts).
const userCommand = importLater<typeof import('./user-command.js')>('./user-command.js', import.meta.url);
const tokenCommand = importLater<typeof import('./token-command.js')>('./token-command.js', import.meta.url);
const checkCommand = importLater<typeof import('./check-command.js')>('./check-command.js', import.meta.url);
const reindexCommand = importLater<typeof import('./reindex-command.js')>('./reindex-command.js', import.meta.url);
const serveCommand = importLater<typeof import('./serve-command.js')>('./serve-command.js', import.meta.url);
const statsCommands = importLater<typeof import('./stats-commands.js')>('./stats-commands.js', import.meta.url);
const mcpCommand = importLater<typeof import('./run-mcp.js')>('./run-mcp.js', import.meta.url);
const serverJsonCommand = importLater<typeof import('./server-json-command.js')>('./server-json-command.js', import.meta.url);
// init and the demo's first start check and write site.yaml with the yaml package and site.yaml's rules.
const initCommand = importLater<typeof import('./init-command.js')>('./init-command.js', import.meta.url);
const demoSite = importLater<typeof import('./demo.js')>('./demo.js', import.meta.url);

const print = (line: string) => process.stdout.write(line + '\n');
const debug = debuglog('svc');
/** Commands that take no option and no argument of their own, only the configuration options. */
const BARE: CommandShape = { options: {}, arguments: 0 };
/** `svc mcp` takes what dist/stdio.js takes: the configuration options and --token. */
const MCP_OPTIONS = { ...CONFIG_OPTIONS, token: { type: 'string' } } as const;

function authFor(parsed: Parsed): AuthService {
  const log = (line: string) => process.stderr.write(line + '\n');
  return new AuthService({ dataDir: parsed.config.dataDir, clock: systemClock, log, trustedFolders: parsed.trustedFolders });
}

/** Runs a command on the site: one that only reads (`reads`) makes no folder; one that writes leaves none when it fails. */
async function onSite(parsed: Parsed, shape: CommandShape, run: () => Promise<void> | void): Promise<number> {
  if (shape.reads === undefined) {
    await writingToSite(parsed, run);
  } else {
    requireSiteToRead(parsed, shape.reads);
    await run();
  }
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, sub] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(usageText(svcCommand()));
      return command === undefined ? 2 : 0;
    case 'init':
      (await initCommand()).runInitCommand(argv.slice(1), print);
      return 0;
    case 'user': {
      const user = await userCommand();
      const shape = shapeOf('user', sub, user.USER_COMMANDS);
      const parsed = parseCommand(argv.slice(2), shape);
      return onSite(parsed, shape, () => user.runUserCommand(authFor(parsed), sub, parsed, totpIssuer(parsed.trustedFolders, parsed.config.root), print));
    }
    case 'token': {
      const token = await tokenCommand();
      const shape = shapeOf('token', sub, token.TOKEN_COMMANDS);
      const parsed = parseCommand(argv.slice(2), shape);
      return onSite(parsed, shape, () => token.runTokenCommand(authFor(parsed), sub, parsed, print));
    }
    case 'check': {
      const parsed = parseCommand(argv.slice(1), BARE);
      // It reads the site as it is: a data folder that is not there is not made.
      requireSiteToRead(parsed);
      return (await checkCommand()).runCheckCommand(parsed, print);
    }
    case 'reindex': {
      const reindex = await reindexCommand();
      const parsed = parseCommand(argv.slice(1), reindex.REINDEX_COMMAND);
      let code = 0;
      await writingToSite(parsed, async () => { code = await reindex.runReindexCommand(parsed, print); });
      return code;
    }
    case 'serve':
    case 'demo': {
      const parsed = parseCommand(argv.slice(1), BARE);
      if (command === 'demo') (await demoSite()).ensureSite(parsed.config.root, parsed.config.dataDir, print);
      // The folders are checked before the server is loaded: a start refused says so at once (0.1 s, not 0.4).
      const site = requireSite(parsed);
      const { serveSite } = await serveCommand();
      await serveSite(site, command === 'demo', print);
      return -1;
    }
    case 'stats': {
      const stats = await statsCommands();
      const shape = shapeOf('stats', sub, stats.STATS_COMMANDS);
      const parsed = parseCommand(argv.slice(2), shape);
      return onSite(parsed, shape, () => stats.runStatsCommand(sub, parsed, print));
    }
    case 'mcp':
      if (sub === 'server-json') {
        const parsed = parseCommand(argv.slice(2), BARE);
        requireSiteToRead(parsed);
        return (await serverJsonCommand()).runServerJsonCommand(parsed, print, (line) => process.stderr.write(line + '\n'));
      }
      // The stdio server reads its options itself, as dist/stdio.js does; what it would let pass silently
      // (an argument, an option given twice) is refused here first.
      readCommandLine(argv.slice(1), MCP_OPTIONS, 0);
      return (await mcpCommand()).runMcp(argv.slice(1), [endOnClosedPipe]);
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

/** The one line a failure ends with, and its exit code. */
function failureLine(error: unknown): { line: string; code: number } {
  if (error instanceof UsageError) {
    return { line: `svc: ${error.message.replace(/\.$/, '')}; ${svcCommand()} help lists the commands.`, code: 2 };
  }
  if (error instanceof CommandError || error instanceof AppError || error instanceof StartFailure) return { line: `svc: ${error.message}`, code: 1 };
  // A folder that is a file, a missing or read-only path: the operator can act on one sentence.
  const problem = describeFileProblem(error);
  if (problem !== null) return { line: `svc: ${problem}.`, code: 1 };
  const message = String((error as Error | null)?.message ?? error).split('\n')[0];
  return { line: `svc: internal error: ${message} (NODE_DEBUG=svc shows where).`, code: 1 };
}

/** Output piped into `head` and the like: a closed pipe ends the command quietly instead of with a trace. */
function endOnClosedPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
}

/** Runs one command and sets the exit code; errors end as one line on stderr. */
export function runCli(argv: string[]): void {
  process.stdout.on('error', endOnClosedPipe);
  void main(argv).then(
    (code) => {
      // -1: a server is running; the process ends when it closes.
      if (code >= 0) process.exitCode = code;
    },
    (error: unknown) => {
      const { line, code } = failureLine(error);
      process.stderr.write(line + '\n');
      debug('%s', (error as Error | null)?.stack ?? String(error));
      process.exitCode = code;
    },
  );
}
