// A first start on a large site reads every entry file (some 11 s at 100,000 posts on 2 cores): it says so,
// how far it is and for how long (lib/work-progress.ts), rather than leave the operator looking at a silent
// terminal. A short start says nothing.
import { WorkProgress, PROGRESS_EVERY_MS } from '../../lib/work-progress.js';

export class ScanProgress extends WorkProgress {
  constructor(total: number, log: (line: string) => void, everyMs = PROGRESS_EVERY_MS) {
    const folders = `${total.toLocaleString('en-US')} entry folders`;
    super(total, {
      during: (percent, secondsLeft) => `svc: reading ${folders}… ${percent} %, some ${secondsLeft} s left`,
      end: (seconds) => `svc: read ${folders} in ${seconds} s`,
    }, log, everyMs);
  }
}
