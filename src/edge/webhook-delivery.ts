// One attempt at an endpoint's first queued message, and what follows from it: the message signed and sent
// (webhook-signature.ts, webhook-send.ts), the attempt logged, then the message taken out of the queue when
// delivered, or due again after the next delay of RETRY_DELAYS_MS; once those ran out, the endpoint is paused.
// The dispatcher (webhook-dispatcher.ts) decides when a head is due and that one attempt per endpoint runs.
import type { Clock } from '../lib/clock.js';
import type { WebhookEndpoint, WebhookEndpoints } from './webhook-endpoints.js';
import { ANSWER_KEPT_BYTES, type QueuedMessage, type WebhookQueue } from './webhook-queue.js';
import { webhookSignatureHeader } from './webhook-signature.js';
import { sendWebhook } from './webhook-send.js';
import { publicName } from './edge-settings.js';

/** After the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (Standard Webhooks' schedule; some 27 h in all). */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** What an attempt needs of the dispatcher's options. */
export interface WebhookDeliveryOptions {
  endpoints: WebhookEndpoints;
  queue: WebhookQueue;
  clock: Clock;
  log: (line: string) => void;
  /** Tests: shorter delays than RETRY_DELAYS_MS. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

/** Sends `head` to the endpoint and records the outcome; true when it was delivered. */
export async function deliverHead(endpoint: WebhookEndpoint, head: QueuedMessage, options: WebhookDeliveryOptions): Promise<boolean> {
  const { clock, endpoints, queue } = options;
  const timestamp = Math.floor(clock() / 1000);
  const headers = {
    'webhook-id': head.id, 'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignatureHeader(endpoints.secretsOf(endpoint), head.id, timestamp, head.body),
  };
  const outcome = await sendWebhook(endpoint.url, headers, head.body, endpoints.allowLoopback, options.timeoutMs);
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const attempt = head.attempt + 1;
  const exhausted = !outcome.ok && attempt > delays.length;
  // The attempt is logged first: a stop between the two sends the message again (same webhook-id), never loses it.
  await queue.record(endpoint.id, {
    id: head.id, type: head.type, entry: head.entry, time: new Date(clock()).toISOString(), attempt,
    outcome: outcome.ok ? 'delivered' : exhausted ? 'paused' : 'failed', code: outcome.status, answer: outcome.note.slice(0, ANSWER_KEPT_BYTES), body: head.body,
  });
  await queue.change(endpoint.id, (messages) => {
    const at = messages.findIndex((message) => message.id === head.id);
    if (at < 0) return;
    if (outcome.ok) messages.splice(at, 1);
    else messages[at] = { ...head, attempt, nextAt: clock() + (delays[attempt - 1] ?? 0) };
  });
  // A removed endpoint (its files gone, webhook-queue.ts) is not paused nor said to be.
  if (exhausted && endpoints.get(endpoint.id) !== undefined) {
    endpoints.setPaused(endpoint.id, `Paused ${new Date(clock()).toISOString()} after ${attempt} attempts over about a day: ${outcome.status === null ? outcome.note : `it answered ${outcome.status}`}.`);
    // Named as a purge target is (publicName): an endpoint's query may carry the receiver's token.
    options.log(`svc: webhook endpoint ${publicName(endpoint.url)} is paused: its deliveries failed for about a day.`);
  }
  return outcome.ok;
}
