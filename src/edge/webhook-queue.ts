// Each endpoint's deliveries waiting and done, in data/webhooks/deliveries/<endpoint id>.json: the queue in
// feed order (the head is tried until it is delivered or the endpoint is paused, so an entry's events arrive
// in the order they happened) and the log of the last attempts (status, time, attempt, response code, the
// first bytes of the answer), which the panel shows with "send again". Read and written under a lock, since
// the panel of any instance adds to it while the sending instance works through it; written on the thread
// pool, so that taking a change into ten endpoints' queues (ten files made durable) holds up no request.
import { writeFileAtomicAsync } from '../lib/atomic-write.js';
import { withFileLockAsync } from '../lib/file-lock.js';
import { readTextNoFollow, removeNoFollow } from '../lib/no-follow.js';
import { join } from 'node:path';

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

export interface DeliveryRecord {
  id: string;
  type: string;
  entry: string | null;
  time: string;
  attempt: number;
  outcome: 'delivered' | 'failed' | 'paused';
  code: number | null;
  answer: string;
  /** Kept to send again. */
  body: string;
}

export interface EndpointDeliveries { queue: QueuedMessage[]; log: DeliveryRecord[] }

/** Records kept per endpoint, newest first. */
export const LOG_KEPT = 100;
/** Messages waiting per endpoint; beyond, the oldest waiting ones are dropped with a record saying so. */
export const QUEUE_KEPT = 10_000;

export class WebhookQueue {
  constructor(private readonly dataDir: string) {}

  private file(endpointId: string): string {
    return join(this.dataDir, 'webhooks', 'deliveries', `${endpointId}.json`);
  }

  read(endpointId: string): EndpointDeliveries {
    try {
      const value = JSON.parse(readTextNoFollow(this.file(endpointId))) as EndpointDeliveries;
      return { queue: Array.isArray(value.queue) ? value.queue : [], log: Array.isArray(value.log) ? value.log : [] };
    } catch {
      return { queue: [], log: [] };
    }
  }

  /** Changes an endpoint's deliveries under its lock; resolves to what `edit` returns once they are on disk. */
  change<T>(endpointId: string, edit: (deliveries: EndpointDeliveries) => T): Promise<T> {
    return withFileLockAsync(join(this.dataDir, 'locks', `webhook-${endpointId}.lock`), async () => {
      const deliveries = this.read(endpointId);
      const result = edit(deliveries);
      deliveries.log = deliveries.log.slice(0, LOG_KEPT);
      if (deliveries.queue.length > QUEUE_KEPT) deliveries.queue.splice(0, deliveries.queue.length - QUEUE_KEPT);
      const bytes = Buffer.from(JSON.stringify(deliveries) + '\n');
      await writeFileAtomicAsync(this.file(endpointId), (writeAt) => writeAt(bytes, 0), 0o600);
      return result;
    });
  }

  remove(endpointId: string): void {
    try { removeNoFollow(this.file(endpointId)); } catch { /* none yet */ }
  }
}
