// The `svc` command for operators (shared hosting, a terminal): init, user, token, serve, mcp, demo. Run by
// dist/cli.js after its Node version check.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors.js';
import { AuthService } from '../auth/auth-service.js';
import { totpIssuer } from '../auth/totp-issuer.js';
import { systemClock } from '../lib/clock.js';
import { CommandError, UsageError, USAGE } from './cli-error.js';
import { parseCommand, type Parsed } from './options.js';
import { initSite } from './init-site.js';
import { runUserCommand, USER_OPTIONS } from './user-command.js';
import { runTokenCommand, TOKEN_OPTIONS } from './token-command.js';
import { ensureSite, prepareDemo } from './demo.js';
import { runMcp } from './run-mcp.js';
import { runStatsCommand, seedDemoStats, STATS_OPTIONS } from './stats-commands.js';

const print = (line: string) => process.stdout.write(line + '\n');

function authFor(parsed: Parsed): AuthService {
  const log = (line: string) => process.stderr.write(line + '\n');
  return new AuthService({ dataDir: parsed.config.dataDir, clock: systemClock, log });
}

async function serve(parsed: Parsed, demo: boolean): Promise<void> {
  const { config } = parsed;
  if (demo) ensureSite(config.root, config.dataDir, print);
  else if (!existsSync(join(config.root, 'content', 'site.yaml'))) {
    throw new CommandError(`There is no site in ${config.root} (content/site.yaml is missing). Create one with: svc init`);
  }
  const [{ buildDeps }, { startServer }] = await Promise.all([import('../wiring/build-deps.js'), import('../wiring/start-server.js')]);
  const deps = await buildDeps(config);
  const lines = demo ? await prepareDemo(deps.auth, `${config.baseUrl}/svc/panel/`) : [];
  if (demo) seedDemoStats(deps.stats, deps.content, print);
  const running = await startServer(config, deps);
  const base = config.baseUrl.replace(`:${config.port}`, `:${running.port}`);
  for (const line of lines) print(line.replace(config.baseUrl, base));
}

async function main(argv: string[]): Promise<number> {
  const [command, sub] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    case 'init': {
      const parsed = parseCommand(argv.slice(1), { title: { type: 'string' }, language: { type: 'string' }, timezone: { type: 'string' }, url: { type: 'string' } }, 0);
      const v = parsed.values;
      initSite({
        root: parsed.config.root,
        dataDir: parsed.config.dataDir,
        ...(typeof v.title === 'string' ? { title: v.title } : {}),
        ...(typeof v.language === 'string' ? { language: v.language } : {}),
        ...(typeof v.timezone === 'string' ? { timezone: v.timezone } : {}),
        ...(typeof v.url === 'string' ? { url: v.url } : {}),
      });
      print(`Created a new empty site in ${parsed.config.root}.`);
      print('Next: svc user add --email you@example.org --name "Your Name" --role admin, then svc serve');
      return 0;
    }
    case 'user': {
      const parsed = parseCommand(argv, USER_OPTIONS, 4);
      await runUserCommand(authFor(parsed), sub, parsed, totpIssuer(parsed.config.root), print);
      return 0;
    }
    case 'token': {
      const parsed = parseCommand(argv, TOKEN_OPTIONS, 3);
      runTokenCommand(authFor(parsed), sub, parsed, print);
      return 0;
    }
    case 'serve':
    case 'demo':
      await serve(parseCommand(argv.slice(1), {}, 0), command === 'demo');
      return -1;
    case 'stats': {
      const parsed = parseCommand(argv, STATS_OPTIONS, 2);
      await runStatsCommand(sub, parsed, print);
      return 0;
    }
    case 'mcp':
      return runMcp(argv.slice(1));
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

const FILE_ERRORS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  ENOENT: 'it does not exist',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

function isFileSystemError(error: unknown): error is NodeJS.ErrnoException {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && Object.hasOwn(FILE_ERRORS, code);
}

/** Runs one command and sets the exit code; errors end as one sentence on stderr. */
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
      if (error instanceof UsageError) {
        process.stderr.write(`svc: ${error.message}\nRun "svc help" for the commands.\n`);
        process.exitCode = 2;
      } else if (error instanceof CommandError || error instanceof AppError) {
        process.stderr.write(`svc: ${error.message}\n`);
        process.exitCode = 1;
      } else if (isFileSystemError(error)) {
        // A folder that is a file, a missing or read-only path: the operator can act on one sentence.
        process.stderr.write(`svc: cannot use ${error.path ?? 'a file'}: ${FILE_ERRORS[error.code!] ?? error.code}.\n`);
        process.exitCode = 1;
      } else {
        process.stderr.write(`svc: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
        process.exitCode = 1;
      }
    },
  );
}
