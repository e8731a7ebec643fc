// How a server process stops on SIGTERM or SIGINT: a short list of closers run in order, then exit 0. A
// second signal exits at once (128 + the signal's number: 143 for SIGTERM, 130 for SIGINT, as a shell
// reports a process the signal ended), and so does a stop that overruns its limit (exit 1).
import { constants } from 'node:os';

/**
 * One step of a stop: what it finishes (for the log, if it fails) and how. Steps run one after the other; a
 * failing one is logged and the next still runs. Add one to the list a server is given.
 */
export interface Closer {
  what: string;
  close: () => void | Promise<void>;
}

/** The longest a stop may take: the HTTP server's drain (10 s, start-server.ts) and the saving after it. */
export const STOP_LIMIT_MS = 15_000;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/** Runs `stop` on the first SIGTERM or SIGINT. Returns the list, to which closers may still be added. */
export function stopOnSignals(closers: Closer[], log: (line: string) => void): Closer[] {
  const onFirst = () => {
    for (const signal of SIGNALS) process.off(signal, onFirst);
    stop(closers, log);
  };
  for (const signal of SIGNALS) process.on(signal, onFirst);
  return closers;
}

/**
 * Runs `closers`, then exits 0; exits 1 if they take longer than STOP_LIMIT_MS (a closer bounds itself well
 * within it), and at once on another signal.
 */
export function stop(closers: Closer[], log: (line: string) => void): void {
  for (const signal of SIGNALS) process.on(signal, () => process.exit(128 + constants.signals[signal]));
  setTimeout(() => {
    log(`svc: stopping took longer than ${STOP_LIMIT_MS / 1000} s; exiting with work unfinished.`);
    process.exit(1);
  }, STOP_LIMIT_MS).unref();
  void runClosers(closers, log).then(() => process.exit(0));
}

async function runClosers(closers: Closer[], log: (line: string) => void): Promise<void> {
  for (const closer of closers) {
    try {
      await closer.close();
    } catch (error) {
      log(`svc: stopping, ${closer.what} failed: ${(error as Error)?.message ?? error}`);
    }
  }
}
