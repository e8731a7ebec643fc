// Long work said on the terminal rather than leave the operator looking at a silent one: how far it is and
// how long is left, about once a second, then how long it took (only when something was said before). The
// first start's reading of the entry folders (content/list-engine/scan-progress.ts) and the search index's
// build (content/search/build-progress.ts) each give their words; the counting and the timing are this.

/** How often long work says how far it is. */
export const PROGRESS_EVERY_MS = 1_000;

export interface ProgressWords {
  /** A line while the work goes on. */
  during(percent: number, secondsLeft: number): string;
  /** The line at the end, with the seconds it took (one decimal). */
  end(seconds: string): string;
}

export class WorkProgress {
  private readonly started = performance.now();
  private lastSaid: number;
  private done = 0;
  private said = false;

  constructor(
    protected readonly total: number,
    private readonly words: ProgressWords,
    private readonly log: (line: string) => void,
    private readonly everyMs = PROGRESS_EVERY_MS,
  ) {
    this.lastSaid = this.started;
  }

  counts(): { done: number; total: number; percent: number } {
    return { done: this.done, total: this.total, percent: this.total > 0 ? Math.floor((this.done / this.total) * 100) : 100 };
  }

  /** One more piece done; the clock is read every 64 pieces, not at every one. */
  step(): void {
    if ((++this.done & 63) !== 0 && this.everyMs > 0) return;
    this.reached(this.done);
  }

  /** `done` pieces done so far. */
  reached(done: number): void {
    this.done = done;
    const now = performance.now();
    if (now - this.lastSaid < this.everyMs || done >= this.total) return;
    this.lastSaid = now;
    const left = ((now - this.started) / done) * (this.total - done);
    this.say(this.words.during(this.counts().percent, Math.ceil(left / 1000)));
  }

  /** A line said now (the start of work that will be long); the end is then said too. */
  protected say(line: string): void {
    this.said = true;
    this.log(line);
  }

  end(): void {
    this.done = this.total;
    if (this.said) this.log(this.words.end(((performance.now() - this.started) / 1000).toFixed(1)));
  }
}
