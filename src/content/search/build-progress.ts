// How far a build of the search index is, said on the terminal as the first start's reading of the entry
// folders is (list-engine/scan-progress.ts): at the start, about every second with the time left, and at
// the end. The panel's Site check and a search asked meanwhile show the same counts.

export const PROGRESS_EVERY_MS = 1_000;
/** From this many entries the start of a build is said at once (a smaller site's takes about a second). */
const SAY_START_FROM = 2_000;

export class BuildProgress {
  private readonly started = performance.now();
  private lastSaid: number;
  private done = 0;
  private said = false;

  constructor(private readonly total: number, private readonly log: (line: string) => void, private readonly everyMs = PROGRESS_EVERY_MS) {
    this.lastSaid = this.started;
    if (total >= SAY_START_FROM || (everyMs === 0 && total > 0)) this.say(`svc: building the search index of ${total.toLocaleString('en-US')} entries in the background; searches answer once it is built.`);
  }

  counts(): { done: number; total: number; percent: number } {
    return { done: this.done, total: this.total, percent: this.total > 0 ? Math.floor((this.done / this.total) * 100) : 100 };
  }

  reached(done: number): void {
    this.done = done;
    const now = performance.now();
    if (now - this.lastSaid < this.everyMs || done >= this.total) return;
    this.lastSaid = now;
    const left = ((now - this.started) / done) * (this.total - done);
    this.say(`svc: building the search index… ${this.counts().percent} %, some ${Math.ceil(left / 1000)} s left`);
  }

  private say(line: string): void {
    this.said = true;
    this.log(line);
  }

  end(): void {
    this.done = this.total;
    if (this.said) this.log(`svc: built the search index of ${this.total.toLocaleString('en-US')} entries in ${((performance.now() - this.started) / 1000).toFixed(1)} s`);
  }
}
