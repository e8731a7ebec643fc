// A first start on a large site reads every entry file (some 11 s at 100,000 posts on 2 cores): it says so,
// how far it is and for how long, rather than leave the operator looking at a silent terminal.

/** How often a long scan says how far it is, and from how long a scan is long. */
export const PROGRESS_EVERY_MS = 1_000;

export class ScanProgress {
  private readonly started = performance.now();
  private lastSaid: number;
  private done = 0;
  private said = false;

  constructor(private readonly total: number, private readonly log: (line: string) => void, private readonly everyMs = PROGRESS_EVERY_MS) {
    this.lastSaid = this.started;
  }

  /** One more top-level entry folder read (a page's children come with it). */
  step(): void {
    this.done++;
    // A clock read every 64 folders, not at every one.
    if ((this.done & 63) !== 0 && this.everyMs > 0) return;
    const now = performance.now();
    if (now - this.lastSaid < this.everyMs) return;
    this.lastSaid = now;
    this.said = true;
    const left = ((now - this.started) / this.done) * (this.total - this.done);
    this.log(`svc: reading ${this.total.toLocaleString('en-US')} entry folders… ${Math.floor((this.done / this.total) * 100)} %, some ${Math.ceil(left / 1000)} s left`);
  }

  /** The end, said when the start was long enough to say how far it was. */
  end(): void {
    if (!this.said) return;
    this.log(`svc: read ${this.total.toLocaleString('en-US')} entry folders in ${((performance.now() - this.started) / 1000).toFixed(1)} s`);
  }
}
