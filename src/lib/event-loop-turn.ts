/**
 * A number that changes once per turn of the event loop.
 *
 * Requests that arrive together are handled in one turn: their bytes were all waiting in the kernel when the
 * turn began. A file checked once in that turn is therefore checked "after" each of them arrived, as far as
 * any client can tell, so caches that must see other processes' changes at the next request (revoked tokens,
 * changed roles) may look at the disk once per turn instead of once per request. A change made in this
 * process must still be forgotten explicitly by whoever made it.
 */
let turn = 0;
let advancing = false;

function advance(): void {
  turn++;
  advancing = false;
}

export function eventLoopTurn(): number {
  if (!advancing) {
    advancing = true;
    // The check phase runs once per loop iteration, right after the I/O callbacks of that iteration.
    setImmediate(advance).unref();
  }
  return turn;
}

/** Says whether a key is seen for the first time in this turn of the event loop (a look per turn, not per request). */
export class OncePerTurn<K> {
  private readonly seen = new Set<K>();
  private turn = -1;

  first(key: K): boolean {
    const now = eventLoopTurn();
    if (now !== this.turn) {
      this.turn = now;
      this.seen.clear();
    }
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
