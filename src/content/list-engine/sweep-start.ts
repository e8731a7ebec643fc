// When the index's stamp sweep (index-sweeper.ts) starts after a build (index-freshness.ts): its setup comes
// after the next read in a later turn of the event loop has been answered, or SWEEP_START_WAIT_MS after the
// build when none comes. That setup (the schedule's next times, every folder's stamps) holds the event loop
// for a while at 100,000 entries: started at once, it came before the request that a server's start had
// waiting (the connection is taken one turn of the event loop, its request read the next), delaying that
// first answer.

/** With no read after a build, the sweep starts this long after it anyway. */
const SWEEP_START_WAIT_MS = 500;

export class SweepStart {
  /** Starts the sweep: set one turn of the event loop after a build, called by the next read; null otherwise. */
  private start: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  /** Has `startSweep` run after the next read in a later turn of the event loop, or after the wait; a start still to come is cancelled. */
  afterNextRead(startSweep: () => void): void {
    this.cancel();
    const start = () => {
      this.cancel();
      setImmediate(() => startSweep()).unref();
    };
    const timer = setTimeout(start, SWEEP_START_WAIT_MS);
    timer.unref();
    this.timer = timer;
    // Reads in this turn of the event loop (the statistics' start asks the settings) are not the answer waited for.
    setImmediate(() => {
      if (this.timer !== timer) return;
      this.start = start;
    }).unref();
  }

  /** A read is being answered: the sweep waiting for it, if any, is started once it is (in the next turn). */
  noteRead(): void {
    this.start?.();
  }

  /** No sweep is started (a new build starts another; a store no longer used none). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.start = null;
  }
}
