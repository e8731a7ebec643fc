// How the server and the stdio server refuse to start: one sentence on stderr and exit code 1, never a
// stack trace (README "Exit codes"). The stdio server loads this only when it refuses.
import type { Config } from '../config.js';
import { prepareConfiguredFolders, type FolderProblem } from '../lib/configured-folders.js';
import { debuglog } from '../lib/node-builtins.js';
import { describeFileProblem, fileProblemReason } from '../lib/file-problem.js';
import { siteCommand } from '../lib/install-paths.js';

/** A reason not to start, already a sentence for the operator (without the `svc: ` prefix). */
export class StartFailure extends Error {}

const debug = debuglog('svc');

/** The sentence for a folder that holds no site that can start, naming the command that fixes it. */
export function folderProblemSentence(problem: FolderProblem, config: Pick<Config, 'root' | 'dataDir'>): string {
  switch (problem.kind) {
    case 'no-root':
      return `There is no folder ${problem.path}; create a site there with: ${siteCommand(config, 'init')}`;
    case 'root-is-file':
      return `${problem.path} is a file, not a site folder.`;
    case 'no-site':
      return `There is no site in ${problem.path} (content/site.yaml is missing); create one with: ${siteCommand(config, 'init')}`;
    case 'data-is-file':
      return `The data folder ${problem.path} is a file, not a folder.`;
    case 'data-unusable': {
      const reason = fileProblemReason(problem.error) ?? String((problem.error as Error | null)?.message ?? problem.error).split('\n')[0];
      return `The data folder ${problem.path} cannot be used: ${reason}.`;
    }
  }
}

/** Ends the process on a folder problem: its sentence on stderr, exit code 1. */
export function exitOnFolderProblem(problem: FolderProblem, config: Pick<Config, 'root' | 'dataDir'>): never {
  return exitOnStartFailure(new StartFailure(folderProblemSentence(problem, config)));
}

/** Throws a StartFailure unless the configured folders hold a site that can start (lib/configured-folders.ts). */
export function checkSiteFolders(config: Pick<Config, 'root' | 'dataDir'>): void {
  const problem = prepareConfiguredFolders(config);
  if (problem) throw new StartFailure(folderProblemSentence(problem, config));
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
