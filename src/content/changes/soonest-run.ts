// One run of a piece of work waiting at a time, at the soonest moment anyone asked for: asking again for a
// later moment changes nothing, for a sooner one moves the run forward. Its timers never keep a process alive.

export class SoonestRun {
  private waiting: { at: number; timer?: NodeJS.Timeout; immediate?: NodeJS.Immediate } | null = null;

  constructor(private readonly work: () => void) {}

  /** Runs the work within `delayMs` (0: once the event loop's pending I/O is done). */
  within(delayMs: number): void {
    const at = performance.now() + delayMs;
    if (this.waiting !== null) {
      if (this.waiting.at <= at) return;
      this.cancel();
    }
    const run = () => {
      this.waiting = null;
      this.work();
    };
    this.waiting = delayMs > 0 ? { at, timer: setTimeout(run, delayMs).unref() } : { at, immediate: setImmediate(run).unref() };
  }

  cancel(): void {
    if (this.waiting?.timer) clearTimeout(this.waiting.timer);
    if (this.waiting?.immediate) clearImmediate(this.waiting.immediate);
    this.waiting = null;
  }
}
