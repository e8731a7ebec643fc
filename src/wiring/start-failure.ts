// How the server and the stdio server refuse to start: one sentence on stderr and exit code 1, never a
// stack trace (README "Exit codes"). Only node:* and small leaves here: the stdio server runs this first.
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { debuglog } from 'node:util';
import type { Config } from '../config.js';
import { describeFileProblem, fileProblemReason } from '../lib/file-problem.js';
import { siteCommand } from '../lib/install-paths.js';

/** A reason not to start, already a sentence for the operator (without the `svc: ` prefix). */
export class StartFailure extends Error {}

const debug = debuglog('svc');

/**
 * Before anything is built: the root is a folder holding `content/site.yaml`, and the data folder exists
 * (made private on first use, as `svc init` makes it) and can be written. Throws a StartFailure.
 */
export function checkSiteFolders(config: Pick<Config, 'root' | 'dataDir'>): void {
  const { root, dataDir } = config;
  let isFolder: boolean;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    throw new StartFailure(`There is no folder ${root}; create a site there with: ${siteCommand(config, 'init')}`);
  }
  if (!isFolder) throw new StartFailure(`${root} is a file, not a site folder.`);
  if (!existsSync(join(root, 'content', 'site.yaml'))) {
    throw new StartFailure(`There is no site in ${root} (content/site.yaml is missing); create one with: ${siteCommand(config, 'init')}`);
  }
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new StartFailure(`The data folder ${dataDir} is a file, not a folder.`);
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    const reason = fileProblemReason(error);
    if (reason === null) throw error;
    throw new StartFailure(`The data folder ${dataDir} cannot be used: ${reason}.`);
  }
}

/** The one sentence for anything that stopped a start. */
export function startFailureSentence(error: unknown): string {
  if (error instanceof StartFailure) return error.message;
  const problem = describeFileProblem(error);
  if (problem !== null) return `Cannot start: ${problem}.`;
  const message = String((error as Error | null)?.message ?? error).split('\n')[0]!.replace(/^svc: /, '');
  return /[.!?]$/.test(message) ? message : `${message}.`;
}

/** Ends the process: the sentence on stderr, exit code 1 (NODE_DEBUG=svc adds the stack for a bug report). */
export function exitOnStartFailure(error: unknown): never {
  process.stderr.write(`svc: ${startFailureSentence(error)}\n`);
  debug('%s', (error as Error | null)?.stack ?? String(error));
  process.exit(1);
}

const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'another program uses this port; choose another with --port or SVC_PORT',
  EACCES: 'permission denied (ports below 1024 need extra rights); choose another with --port or SVC_PORT',
  EADDRNOTAVAIL: 'this machine has no such address; choose another with --host or SVC_HOST',
  ENOTFOUND: 'the host name does not resolve; choose another with --host or SVC_HOST',
  EAI_AGAIN: 'the host name does not resolve; choose another with --host or SVC_HOST',
};

/** Why the server could not listen, as one sentence. */
export function listenFailureSentence(error: NodeJS.ErrnoException, host: string, port: number): string {
  const reason = LISTEN_PROBLEMS[error.code ?? ''] ?? (error.code ?? error.message);
  return `Cannot listen on ${host}:${port}: ${reason}.`;
}
