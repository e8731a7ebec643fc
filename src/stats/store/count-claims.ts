// Who counts a table of a question shared between the two counting threads (table-count-thread.ts and
// table-count-worker.ts): one number per table in shared memory, taken with Atomics.compareExchange, so a
// table is counted once, by whichever side reaches it first.
export const FREE = 0;
/** the main thread counts it */
export const HERE = 1;
/** the counting thread counts it */
export const THERE = 2;
