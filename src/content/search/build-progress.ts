// How far a build of the search index is, said on the terminal as the first start's reading of the entry
// folders is (lib/work-progress.ts): at the start, about every second with the time left, and at the end.
// The panel's Site check and a search asked meanwhile show the same counts.
import { WorkProgress, PROGRESS_EVERY_MS } from '../../lib/work-progress.js';

/** From this many entries the start of a build is said at once (a smaller site's takes about a second). */
const SAY_START_FROM = 2_000;

export class BuildProgress extends WorkProgress {
  constructor(total: number, log: (line: string) => void, everyMs = PROGRESS_EVERY_MS) {
    const entries = `${total.toLocaleString('en-US')} entries`;
    super(total, {
      during: (percent, secondsLeft) => `svc: building the search index… ${percent} %, some ${secondsLeft} s left`,
      end: (seconds) => `svc: built the search index of ${entries} in ${seconds} s`,
    }, log, everyMs);
    if (total >= SAY_START_FROM || (everyMs === 0 && total > 0)) this.say(`svc: building the search index of ${entries} in the background; searches answer once it is built.`);
  }
}
