/**
 * A timer for the next scheduled time: the finder wakes then, whether or not anyone reads, because the
 * translation becomes public at that moment and the change feed says so then (entry.due), for caches to be
 * purged on time. Other processes derive it at their next read.
 */
export class ScheduleWake {
  private timer: NodeJS.Timeout | null = null;
  /** The time armed for (Infinity: none; NaN: just woken, so the next arm() sets a timer again). */
  private at = Infinity;

  constructor(private readonly wake: () => void) {}

  /** Wakes at `next` (a clock time; Infinity: never), counted from `now`. */
  arm(next: number, now: number): void {
    if (next === this.at) return;
    this.cancel();
    this.at = next;
    if (!Number.isFinite(next)) return;
    // A timer waits at most some 24 days; a longer wait is taken in steps of a day.
    const wait = Math.min(Math.max(0, next - now) + 5, 86_400_000);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.at = NaN;
      this.wake();
    }, wait);
    this.timer.unref();
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
