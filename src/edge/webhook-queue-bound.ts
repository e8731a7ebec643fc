// How much an endpoint's queue keeps (webhook-queue.ts): messages and bytes. An endpoint down for days on a
// busy site queued every message with its whole body: at 10,000 messages of some 54 KB the queue's JSON passed
// V8's longest string (some 512 MB), after which no queue could be written, every endpoint stalled and
// nothing was said. Beyond either bound the oldest waiting messages are dropped, and the delivery log says
// which (a record the panel shows), so only that endpoint loses anything, and what it lost is known.
/** What a drop needs of a waiting message (webhook-queue.ts QueuedMessage; named here, not imported, lest the two files import each other). */
interface Waiting { id: string; type: string; seq: number }

/** Messages waiting per endpoint. */
export const QUEUE_KEPT = 10_000;
/** Bytes of waiting messages per endpoint (their JSON): each change and attempt writes the queue whole. */
export const QUEUE_KEPT_BYTES = 32 * 1024 * 1024;

/** The index of the first message kept of `parts` (each message's JSON, oldest first): 0 when all fit. */
export function firstKept(parts: readonly string[]): number {
  let bytes = 0;
  const oldest = Math.max(0, parts.length - QUEUE_KEPT);
  for (let at = parts.length - 1; at >= oldest; at--) {
    bytes += Buffer.byteLength(parts[at]!) + 1;
    if (bytes > QUEUE_KEPT_BYTES) return at + 1;
  }
  return oldest;
}

/** What the log and the delivery log say of messages dropped, oldest first. */
export function droppedSentence(dropped: readonly Waiting[]): string {
  const seqs = dropped.map((message) => message.seq).filter((seq) => Number.isSafeInteger(seq) && seq > 0);
  const changes = seqs.length === 0 ? '' : ` (changes ${Math.min(...seqs)} to ${Math.max(...seqs)})`;
  return `${dropped.length} waiting message${dropped.length === 1 ? '' : 's'} dropped${changes}: a queue keeps at most ${QUEUE_KEPT.toLocaleString('en')} messages and ${QUEUE_KEPT_BYTES / 1024 / 1024} MB.`;
}

/** The delivery log's record of a drop: no body, so nothing to send again. */
export function droppedRecord(dropped: readonly Waiting[], time: number) {
  const first = dropped[0]!;
  return { id: first.id, type: first.type, entry: null, time: new Date(time).toISOString(), attempt: 0, outcome: 'dropped' as const, code: null, answer: droppedSentence(dropped), body: '' };
}
