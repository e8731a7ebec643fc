// Each endpoint's deliveries: the queue in feed order, in data/webhooks/deliveries/<endpoint id>.json (the head
// is tried until it is delivered or the endpoint is paused, so an entry's events arrive in the order they
// happened), and the log of the last attempts (status, time, attempt, response code, the first bytes of the
// answer, the message to send again) appended to <endpoint id>.log, a JSON line each, which the panel shows
// with "send again". The queue is read and written under a lock, since the panel of any instance adds to it
// while the sending instance works through it. Both are written on the thread pool, and neither rewrites the
// log: when the log was kept inside the queue's file, every change parsed and wrote its hundred messages
// again (some 400 KB), twice per endpoint and change, on the event loop that answers the writes.
import { writeFileAtomicAsync } from '../lib/atomic-write.js';
import { withFileLockAsync } from '../lib/file-lock.js';
import { createNoFollow, readTextNoFollow, removeNoFollow, statNoFollow } from '../lib/no-follow.js';
import { closeSync, fsync, write } from 'node:fs';
import { join } from 'node:path';
import { promisify } from '../lib/node-builtins.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { droppedRecord, droppedSentence, firstKept } from './webhook-queue-bound.js';

export interface QueuedMessage {
  /** webhook-id: the same for every attempt of one message. */
  id: string;
  type: string;
  seq: number;
  entry: string | null;
  /** The message's JSON, made when the change was taken (the entry as it was then). */
  body: string;
  attempt: number;
  nextAt: number;
}

/** What is kept of an answer for the delivery log (webhook-send.ts reads no more), and what the panel shows. */
export const ANSWER_KEPT_BYTES = 512;

export interface DeliveryRecord {
  id: string;
  type: string;
  entry: string | null;
  time: string;
  attempt: number;
  /** dropped: messages the queue's bound let go (webhook-queue-bound.ts); `answer` says which, `body` is empty. */
  outcome: 'delivered' | 'failed' | 'paused' | 'dropped';
  code: number | null;
  answer: string;
  /** Kept to send again. */
  body: string;
}

export interface EndpointDeliveries { queue: QueuedMessage[]; log: DeliveryRecord[] }

/** Records kept per endpoint, newest first. */
export const LOG_KEPT = 100;
/** The log file is cut back to its last LOG_KEPT records once it holds this many. */
const LOG_CUT_RECORDS = 2 * LOG_KEPT;

const writeAsync = promisify(write);
const fsyncAsync = promisify(fsync);

export interface WebhookQueueOptions {
  /**
   * Whether the endpoint still exists, asked under the queue's lock before each write: a delivery in flight
   * while its endpoint was removed wrote its queue and log (the message's body) again, and nothing removed them.
   */
  isEndpoint?: (endpointId: string) => boolean;
  /** Where a queue's first drop is said (once, until the queue has been delivered empty). */
  log?: (line: string) => void;
  clock?: () => number;
}

export class WebhookQueue {
  /** Records in each endpoint's log file, as this process last counted them. */
  private readonly logLength = new Map<string, number>();
  /** Each queue's first message as last read, with the file's stamp then (see head()). */
  private readonly heads = new Map<string, { stamp: string; head: QueuedMessage | undefined }>();
  /** Endpoints whose drops the log has told of. */
  private readonly dropsSaid = new Set<string>();

  constructor(private readonly trusted: TrustedFolders, private readonly dataDir: string, private readonly options: WebhookQueueOptions = {}) {}

  private file(endpointId: string): string {
    return join(this.dataDir, 'webhooks', 'deliveries', `${endpointId}.json`);
  }

  private logFile(endpointId: string): string {
    return join(this.dataDir, 'webhooks', 'deliveries', `${endpointId}.log`);
  }

  private lock(endpointId: string): string {
    return join(this.dataDir, 'locks', `webhook-${endpointId}.lock`);
  }

  /** The queue, and the log newest first. */
  read(endpointId: string): EndpointDeliveries {
    return { queue: this.queue(endpointId), log: this.log(endpointId) };
  }

  /**
   * The first waiting message, read again only once the queue's file changed (its stamp). The sender looks at
   * every endpoint twice a second: parsing the whole queue of a down endpoint each time (27 MB waiting for a
   * retry 5 minutes away) kept a third of a core busy for nothing.
   */
  head(endpointId: string): QueuedMessage | undefined {
    const stamp = this.stamp(endpointId);
    const known = this.heads.get(endpointId);
    if (known?.stamp === stamp) return known.head;
    // Changed between the stamp and the read: the next look finds a stamp unlike this one, and reads again.
    const head = this.queue(endpointId)[0];
    this.heads.set(endpointId, { stamp, head });
    return head;
  }

  /** What tells one version of the queue's file from the next (each write is a new file renamed over it). */
  private stamp(endpointId: string): string {
    const stat = statNoFollow(this.trusted, this.file(endpointId));
    return stat === undefined ? 'none' : `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  }

  private queue(endpointId: string): QueuedMessage[] {
    try {
      const value = JSON.parse(readTextNoFollow(this.trusted, this.file(endpointId))) as { queue?: unknown };
      return Array.isArray(value.queue) ? (value.queue as QueuedMessage[]) : [];
    } catch {
      return [];
    }
  }

  private log(endpointId: string): DeliveryRecord[] {
    let text: string;
    try {
      text = readTextNoFollow(this.trusted, this.logFile(endpointId));
    } catch {
      return this.logKeptInQueueFile(endpointId);
    }
    const records: DeliveryRecord[] = [];
    // A line cut short by a crash while it was appended is skipped.
    for (const line of text.split('\n')) {
      try { if (line) records.push(JSON.parse(line) as DeliveryRecord); } catch { /* torn */ }
    }
    return records.slice(-LOG_KEPT).reverse();
  }

  /** Lines in the log file (counted once per process, then kept in step). */
  private countRecords(file: string): number {
    try {
      let count = 0;
      const text = readTextNoFollow(this.trusted, file);
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
      return count;
    } catch {
      return 0;
    }
  }

  /** The log as versions before the .log file kept it, inside the queue's file, newest first (until a first attempt is logged). */
  private logKeptInQueueFile(endpointId: string): DeliveryRecord[] {
    try {
      const value = JSON.parse(readTextNoFollow(this.trusted, this.file(endpointId))) as { log?: unknown };
      return Array.isArray(value.log) ? (value.log as DeliveryRecord[]).slice(0, LOG_KEPT) : [];
    } catch {
      return [];
    }
  }

  /**
   * The latest change this endpoint was sent or has waiting (0: none): its queue's seqs and the ids in its log
   * (`msg_<seq>_...`; the log keeps the newest records), for the dispatcher whose cursor is gone.
   */
  lastSeq(endpointId: string): number {
    let last = 0;
    for (const message of this.queue(endpointId)) if (Number.isSafeInteger(message?.seq) && message.seq > last) last = message.seq;
    for (const record of this.log(endpointId)) {
      const seq = Number(/^msg_(\d+)_/.exec(String(record?.id))?.[1] ?? 0);
      if (Number.isSafeInteger(seq) && seq > last) last = seq;
    }
    return last;
  }

  /** Whether this endpoint's files may be written: not after it was removed (asked under the lock). */
  private gone(endpointId: string): boolean {
    return this.options.isEndpoint !== undefined && !this.options.isEndpoint(endpointId);
  }

  /**
   * Changes an endpoint's queue under its lock; resolves to what `edit` returns once it is on disk (undefined,
   * and nothing written, once the endpoint is removed). Beyond the queue's bound (webhook-queue-bound.ts) the
   * oldest messages are dropped, and the delivery log says which.
   */
  change<T>(endpointId: string, edit: (queue: QueuedMessage[]) => T): Promise<T | undefined> {
    return withFileLockAsync(this.trusted, this.lock(endpointId), async () => {
      if (this.gone(endpointId)) return undefined;
      const queue = this.queue(endpointId);
      const result = edit(queue);
      // Each message's JSON once: for the bound, then for the file (the same text JSON.stringify({ queue }) makes).
      const parts = queue.map((message) => JSON.stringify(message));
      const kept = firstKept(parts);
      const dropped = queue.splice(0, kept);
      const bytes = Buffer.from(`{"queue":[${parts.slice(kept).join(',')}]}\n`);
      await writeFileAtomicAsync(this.trusted, this.file(endpointId), (writeAt) => writeAt(bytes, 0), 0o600);
      this.heads.set(endpointId, { stamp: this.stamp(endpointId), head: queue[0] });
      if (dropped.length > 0) await this.droppedNow(endpointId, dropped);
      if (queue.length === 0) this.dropsSaid.delete(endpointId);
      return result;
    });
  }

  /** Under the lock: the drop in the delivery log, and in the log the first time since the queue was last empty. */
  private async droppedNow(endpointId: string, dropped: QueuedMessage[]): Promise<void> {
    await this.append(endpointId, droppedRecord(dropped, (this.options.clock ?? Date.now)()));
    if (this.dropsSaid.has(endpointId)) return;
    this.dropsSaid.add(endpointId);
    this.options.log?.(`svc: the webhook queue of endpoint ${endpointId} is full, and its oldest waiting messages are dropped until it is delivered: ${droppedSentence(dropped)} Its delivery log says what each drop let go.`);
  }

  /** Adds an attempt to the endpoint's log, durable when it resolves; cuts the log back when it grew large. */
  record(endpointId: string, record: DeliveryRecord): Promise<void> {
    return withFileLockAsync(this.trusted, this.lock(endpointId), async () => {
      if (!this.gone(endpointId)) await this.append(endpointId, record);
    });
  }

  /** record() under the lock already held. */
  private async append(endpointId: string, record: DeliveryRecord): Promise<void> {
    const file = this.logFile(endpointId);
    const bytes = Buffer.from(JSON.stringify(record) + '\n');
    const fd = createNoFollow(this.trusted, file, 'append', 0o600);
    try {
      for (let done = 0; done < bytes.length;) done += (await writeAsync(fd, bytes, done, bytes.length - done, null)).bytesWritten;
      await fsyncAsync(fd);
    } finally {
      closeSync(fd);
    }
    const length = (this.logLength.get(endpointId) ?? this.countRecords(file) - 1) + 1;
    this.logLength.set(endpointId, length);
    if (length <= LOG_CUT_RECORDS) return;
    const kept = this.log(endpointId).reverse();
    const text = Buffer.from(kept.map((item) => JSON.stringify(item) + '\n').join(''));
    await writeFileAtomicAsync(this.trusted, file, (writeAt) => writeAt(text, 0), 0o600);
    this.logLength.set(endpointId, kept.length);
  }

  /**
   * The endpoint's files, once it is no longer in the endpoints' file: under the lock, so that a write under
   * way (a delivery in flight) ends first, and every later one finds the endpoint gone (change, record).
   */
  remove(endpointId: string): Promise<void> {
    return withFileLockAsync(this.trusted, this.lock(endpointId), async () => {
      this.logLength.delete(endpointId);
      this.heads.delete(endpointId);
      this.dropsSaid.delete(endpointId);
      for (const file of [this.file(endpointId), this.logFile(endpointId)]) {
        try { removeNoFollow(this.trusted, file); } catch { /* none yet */ }
      }
    });
  }
}
