// The `svc` command for operators (shared hosting, a terminal): init, user, token, check, serve, mcp, demo.
// Run by dist/cli.js after its Node version check. Every failure ends as one line on stderr and an exit
// code (README "Exit codes"): 2 for a command line it cannot understand, 1 for a request it cannot do.
import { debuglog } from 'node:util';
import { AppError } from '../errors.js';
import { AuthService } from '../auth/auth-service.js';
import { totpIssuer } from '../auth/totp-issuer.js';
import { systemClock } from '../lib/clock.js';
import { describeFileProblem } from '../lib/file-problem.js';
import { prepareSiteWrites } from '../lib/site-writes.js';
import { shellQuote, siteCommand, svcCommand } from '../lib/install-paths.js';
import { checkSiteFolders, StartFailure, startFailureSentence } from '../wiring/start-failure.js';
import { buildDeps } from '../wiring/build-deps.js';
import { startServer } from '../wiring/start-server.js';
import { CommandError, UsageError } from './cli-error.js';
import { usageText } from './usage.js';
import { parseCommand, type Parsed } from './options.js';
import { initSite } from './init-site.js';
import { runUserCommand, USER_OPTIONS } from './user-command.js';
import { runTokenCommand, TOKEN_OPTIONS } from './token-command.js';
import { runCheckCommand } from './check-command.js';
import { REINDEX_OPTIONS, runReindexCommand } from './reindex-command.js';
import { ensureSite, prepareDemo } from './demo.js';
import { seedDemo } from './demo-seed.js';
import type { Account } from '../auth/account-reader.js';
import { runMcp } from './run-mcp.js';
import { runServerJsonCommand } from './server-json-command.js';
import { runStatsCommand, seedDemoStats, STATS_OPTIONS } from './stats-commands.js';

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

async function serve(parsed: Parsed, demo: boolean): Promise<void> {
  const { config } = parsed;
  if (demo) ensureSite(config.root, config.dataDir, print);
  requireSite(parsed);
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
      const parsed = requireSiteToWrite(parseCommand(argv, USER_OPTIONS, 4));
      await runUserCommand(authFor(parsed), sub, parsed, totpIssuer(parsed.trustedFolders, parsed.config.root), print);
      return 0;
    }
    case 'token': {
      const parsed = requireSiteToWrite(parseCommand(argv, TOKEN_OPTIONS, 3));
      runTokenCommand(authFor(parsed), sub, parsed, print);
      return 0;
    }
    case 'check':
      return runCheckCommand(requireSite(parseCommand(argv.slice(1), {}, 0)), print);
    case 'reindex':
      return runReindexCommand(requireSiteToWrite(parseCommand(argv.slice(1), REINDEX_OPTIONS, 0)), print);
    case 'serve':
    case 'demo':
      await serve(parseCommand(argv.slice(1), {}, 0), command === 'demo');
      return -1;
    case 'stats': {
      const parsed = requireSiteToWrite(parseCommand(argv, STATS_OPTIONS, 2));
      await runStatsCommand(sub, parsed, print);
      return 0;
    }
    case 'mcp':
      if (sub === 'server-json') return runServerJsonCommand(requireSite(parseCommand(argv.slice(2), {}, 0)), print, (line) => process.stderr.write(line + '\n'));
      return runMcp(argv.slice(1));
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
