// The `svc` command for operators (shared hosting, a terminal): init, user, token, check, serve, mcp, demo.
// Run by dist/cli.js after its Node version check. Every failure ends as one line on stderr and an exit
// code (README "Exit codes"): 2 for a command line it cannot understand, 1 for a request it cannot do.
import { debuglog } from '../lib/node-builtins.js';
import { AppError } from '../errors.js';
import { AuthService } from '../auth/auth-service.js';
import { totpIssuer } from '../auth/totp-issuer.js';
import { systemClock } from '../lib/clock.js';
import { describeFileProblem } from '../lib/file-problem.js';
import { prepareSiteWrites } from '../lib/site-writes.js';
import { shellQuote, siteCommand, svcCommand } from '../lib/install-paths.js';
import { checkSiteFolders, StartFailure } from '../wiring/start-failure.js';
import { importLater } from '../lib/on-demand.js';
import { CommandError, UsageError } from './cli-error.js';
import { usageText } from './usage.js';
import { parseCommand, type Parsed } from './options.js';
import { initSite } from './init-site.js';
import { ensureSite } from './demo.js';

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

const print = (line: string) => process.stdout.write(line + '\n');
const debug = debuglog('svc');

function authFor(parsed: Parsed): AuthService {
  const log = (line: string) => process.stderr.write(line + '\n');
  return new AuthService({ dataDir: parsed.config.dataDir, clock: systemClock, log, trustedFolders: parsed.trustedFolders });
}

/** The commands that work on a site refuse a folder without one, rather than making a data folder in it. */
function requireSite(parsed: Parsed): Parsed {
  try {
    checkSiteFolders(parsed.config);
  } catch (error) {
    if (error instanceof StartFailure) throw new CommandError(error.message);
    throw error;
  }
  return parsed;
}

/** A command that writes (user, token, stats) starts as the servers do: see lib/site-writes.ts. */
function requireSiteToWrite(parsed: Parsed): Parsed {
  prepareSiteWrites(parsed.trustedFolders, requireSite(parsed).config);
  return parsed;
}

function init(argv: string[]): void {
  const parsed = parseCommand(argv.slice(1), { title: { type: 'string' }, language: { type: 'string' }, timezone: { type: 'string' }, url: { type: 'string' } }, 0);
  const v = parsed.values;
  const url = typeof v.url === 'string' ? v.url.trim().replace(/\/+$/, '') : undefined;
  if (url !== undefined && (!URL.canParse(url) || !/^https?:\/\//.test(url))) {
    throw new UsageError(`--url must be the site's public address, like https://example.org`);
  }
  const { config } = parsed;
  initSite({
    root: config.root,
    dataDir: config.dataDir,
    ...(typeof v.title === 'string' ? { title: v.title } : {}),
    ...(typeof v.language === 'string' ? { language: v.language } : {}),
    ...(typeof v.timezone === 'string' ? { timezone: v.timezone } : {}),
    ...(url !== undefined ? { url } : {}),
  });
  print(`Created a new empty site in ${config.root}${url ? ` for ${url}` : ''}.`);
  // Over stdio every address an assistant gets is this url: say so while it is still the local default.
  if (!url) print('Its url in content/site.yaml is http://127.0.0.1:8080 for now; put the public address there (or init with --url) before it goes live.');
  print(`Next, add yourself:  ${siteCommand(config, 'user add', '--email you@example.org --name "Your Name" --role admin')}`);
  print(`then start it:       ${siteCommand(config, 'serve', url ? `--base-url ${shellQuote(url)}` : '')}`);
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
      init(argv);
      return 0;
    case 'user': {
      const user = await userCommand();
      const parsed = requireSiteToWrite(parseCommand(argv, user.USER_OPTIONS, 4));
      await user.runUserCommand(authFor(parsed), sub, parsed, totpIssuer(parsed.trustedFolders, parsed.config.root), print);
      return 0;
    }
    case 'token': {
      const token = await tokenCommand();
      const parsed = requireSiteToWrite(parseCommand(argv, token.TOKEN_OPTIONS, 3));
      token.runTokenCommand(authFor(parsed), sub, parsed, print);
      return 0;
    }
    case 'check':
      return (await checkCommand()).runCheckCommand(requireSite(parseCommand(argv.slice(1), {}, 0)), print);
    case 'reindex': {
      const reindex = await reindexCommand();
      return reindex.runReindexCommand(requireSiteToWrite(parseCommand(argv.slice(1), reindex.REINDEX_OPTIONS, 0)), print);
    }
    case 'serve':
    case 'demo': {
      const parsed = parseCommand(argv.slice(1), {}, 0);
      if (command === 'demo') ensureSite(parsed.config.root, parsed.config.dataDir, print);
      const { serveSite } = await serveCommand();
      await serveSite(requireSite(parsed), command === 'demo', print);
      return -1;
    }
    case 'stats': {
      const stats = await statsCommands();
      const parsed = requireSiteToWrite(parseCommand(argv, stats.STATS_OPTIONS, 2));
      await stats.runStatsCommand(sub, parsed, print);
      return 0;
    }
    case 'mcp':
      if (sub === 'server-json') return (await serverJsonCommand()).runServerJsonCommand(requireSite(parseCommand(argv.slice(2), {}, 0)), print, (line) => process.stderr.write(line + '\n'));
      return (await mcpCommand()).runMcp(argv.slice(1));
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

/** Runs one command and sets the exit code; errors end as one line on stderr. */
export function runCli(argv: string[]): void {
  // Output piped into `head` and the like: a closed pipe ends the command quietly instead of with a trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
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
