/**
 * Waits for the next turn of the event loop. The people-side files are looked at once per turn (see
 * src/lib/event-loop-turn.ts): a change made behind the stores' back (by hand, as another process would) is
 * seen from the next turn on, which is where the next request lands. Tests that edit such files by hand and
 * read them back in the same breath wait for one first.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
