import { eventLoopTurn } from './event-loop-turn.js';

/**
 * Keys seen in the current turn of the event loop, forgotten when the next turn begins. Requests handled in
 * one turn had all arrived when it began (lib/event-loop-turn.ts), so one look at a file on their behalf
 * answers each of them as a look of its own would; a request sent after a change lands in a later turn.
 */
export class OncePerTurn {
  private turn = -1;
  private readonly seen = new Set<string>();

  /** True the first time `key` is given in this turn (the caller then looks); false after. */
  first(key: string): boolean {
    const turn = eventLoopTurn();
    if (turn !== this.turn) {
      this.turn = turn;
      this.seen.clear();
    }
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}
