// Sends signed webhooks for the changes in the feed (issue "Beyond one machine", Standard Webhooks): a
// consumer with its own cursor (data/feed/cursors/webhooks.json) takes each event, makes one message per
// endpoint that wants it (events, filters, drafts), queues it, then saves the cursor; so every change is
// delivered at least once, also across a restart. One instance at a time does this (the lease
// data/feed/webhooks.json). Per endpoint the queue's head is sent until it is delivered: at once, then after
// the delays of RETRY_DELAYS_MS (webhook-delivery.ts, about a day in all); then the endpoint is paused, its
// messages kept, and the panel's home says so. It runs in a thread of its own (wiring/webhook-thread.ts),
// beside the requests.
import type { Clock } from '../lib/clock.js';
import type { ChangeEvent } from '../feed/change-event.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { FeedFollower } from '../feed/feed-follower.js';
import { FinderLease } from '../feed/finder-lease.js';
import type { WebhookEndpoint, WebhookEndpoints } from './webhook-endpoints.js';
import { messageFor, NOTHING_TAKEN, webhookEventOf, type TakenContent } from './webhook-message.js';
import type { QueuedMessage, WebhookQueue } from './webhook-queue.js';
import { deliverHead } from './webhook-delivery.js';
import { ConsumerPlace } from './consumer-place.js';
import { join } from 'node:path';

const TICK_MS = 500;

/** What the messages need of the content, asked once per batch of events for the entries they name. */
export interface WebhookContent {
  take(ids: readonly string[]): Promise<TakenContent>;
}

export interface WebhookDispatcherOptions {
  feed: ChangeFeed;
  endpoints: WebhookEndpoints;
  queue: WebhookQueue;
  content: WebhookContent;
  dataDir: string;
  clock: Clock;
  log: (line: string) => void;
  pollMs?: number;
  /** Tests: shorter delays than RETRY_DELAYS_MS (webhook-delivery.ts). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Told when this process takes up sending, and when it stops. */
  onSending?: (sending: boolean) => void;
}

export class WebhookDispatcher {
  private readonly queue: WebhookQueue;
  private readonly place: ConsumerPlace;
  private readonly lease: FinderLease;
  private readonly follower: FeedFollower;
  private timer: NodeJS.Timeout | null = null;
  private holding = false;
  private readonly sending = new Set<string>();
  private taking: Promise<void> | null = null;
  private takeAgain = false;
  private active = false;
  /** The last failure of a take said in the log (each said once, until a take succeeds). */
  private takeProblem: string | null = null;
  /** The endpoints file's damage as last said in the log (null: readable). */
  private damageSaid: string | null = null;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.queue = options.queue;
    this.place = new ConsumerPlace({ feed: options.feed, name: 'webhooks', what: 'webhooks', log: options.log });
    this.lease = new FinderLease({
      trustedFolders: options.feed.trustedFolders,
      feedDir: options.feed.dir, lockPath: join(options.dataDir, 'locks', 'webhooks-lease.lock'), fileName: 'webhooks.json', clock: options.clock, log: options.log,
      onChange: (holding) => {
        this.holding = holding;
        options.onSending?.(holding);
        if (holding) this.wake();
      },
    });
    this.follower = new FeedFollower({ feed: options.feed, onEvents: () => this.wake(), log: options.log, ...(options.pollMs ? { pollMs: options.pollMs } : {}) });
  }

  /** Looks for endpoints at every tick; follows the feed and takes the lease only while there are any. */
  start(): void {
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.setActive(false);
  }

  /** After stop(): resolves once the take under way (queue files, then the cursor) is written. */
  async stopped(): Promise<void> {
    await this.taking?.catch(() => {});
  }

  private tick(): void {
    const { endpoints, damage } = this.options.endpoints.read();
    // A damaged endpoints file stops every delivery: said once (until it changes), not found out by silence.
    if (damage !== this.damageSaid && damage !== null) this.options.log(`svc: ${damage}`);
    this.damageSaid = damage;
    this.setActive(endpoints.length > 0);
    this.wake();
  }

  /** A site without endpoints costs nothing beyond a look at the endpoints' file: no watch, no lease. */
  private setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    if (active) {
      this.follower.start();
      this.lease.start();
    } else {
      this.follower.stop();
      this.lease.stop();
      this.place.stop();
      this.holding = false;
    }
  }

  get isSending(): boolean {
    return this.holding;
  }

  /** Takes new events into the queues, and sends what is due meanwhile. */
  private wake(): void {
    if (!this.holding) return;
    // Tried again at every tick (TICK_MS): said once, not twice a second, and said again only when it changes.
    void this.take().then(() => { this.takeProblem = null; }, (error: Error) => {
      const reason = error?.message ?? String(error);
      if (this.takeProblem !== reason) this.options.log(`svc: webhooks could not take the latest changes (${reason}); tried again shortly.`);
      this.takeProblem = reason;
    });
    this.sendDue();
  }

  /** Each endpoint's head, where none is on its way. */
  private sendDue(): void {
    if (!this.holding) return;
    for (const endpoint of this.options.endpoints.list()) {
      if (endpoint.paused === null && !this.sending.has(endpoint.id)) void this.sendHead(endpoint);
    }
  }

  /** New events into the queues, the cursor saved after them; one take at a time, and one more after it when woken meanwhile. */
  private take(): Promise<void> {
    if (this.taking) {
      this.takeAgain = true;
      return this.taking;
    }
    this.taking = (async () => {
      do {
        this.takeAgain = false;
        await this.takeNow();
      } while (this.takeAgain);
    })().finally(() => { this.taking = null; });
    return this.taking;
  }

  private async takeNow(): Promise<void> {
    const { feed, log } = this.options;
    const resumed = this.place.resume();
    let seq = 'seq' in resumed ? resumed.seq : this.placeLost(resumed.lost);
    for (;;) {
      const read = feed.since(seq, 200);
      if (read.events.length === 0) {
        if (read.resync) {
          const oldest = Math.max(0, feed.oldest() - 1);
          if (seq < oldest) {
            // The feed was cut past this place (the thread stopped longer than its retention): what it still
            // holds is taken; only what it no longer holds is missed, and that is said.
            log(`svc: the change feed no longer holds changes ${seq + 1} to ${oldest}; no webhooks were sent for them. Those after are sent.`);
            seq = oldest;
            continue;
          }
          log(`svc: the change feed was begun anew (it ends at change ${read.position.seq}, webhooks had taken up to ${seq}); webhooks go on from its end.`);
          this.place.moveTo(read.position.seq);
        }
        await this.place.save();
        return;
      }
      if (read.resync) log(`svc: the change feed does not hold every change after ${seq} (lines removed or damaged); no webhooks were sent for the missing ones.`);
      // A paused endpoint keeps receiving messages in its queue: nothing is lost while it waits. A damaged
      // endpoints file ends the take with its cursor where it was (read as none, its batch would be passed
      // over for good); the tick says so in the log, once.
      const { endpoints, damage } = this.options.endpoints.read();
      if (damage !== null) return;
      // The entries are asked for once per batch, and only those some endpoint wants to hear of.
      const wanted = (event: ChangeEvent) => event.entry !== null
        && endpoints.some((endpoint) => endpoint.events.includes(webhookEventOf(event)!) && event.time >= endpoint.createdAt);
      const ids = [...new Set(read.events.filter(wanted).map((event) => event.entry!))];
      const content = ids.length === 0 ? NOTHING_TAKEN : await this.options.content.take(ids);
      const byEndpoint = new Map<string, QueuedMessage[]>();
      for (const event of read.events) {
        // One view of the entry per event for all endpoints alike (drafts or not): each is the entry rendered
        // as the Content API shows it, which ten endpoints made ten times over.
        const views = new Map<boolean, unknown>();
        const entry = event.entry === null ? undefined : content.entry(event.entry);
        for (const endpoint of endpoints) {
          const message = messageFor(event, endpoint, content, entry, views);
          if (message) byEndpoint.set(endpoint.id, [...(byEndpoint.get(endpoint.id) ?? []), message]);
        }
      }
      // A change taken again (a stop between the queue and the cursor, a cursor lost) is not queued twice.
      await Promise.all([...byEndpoint].map(([id, messages]) => this.queue.change(id, (queue) => {
        const waiting = new Set(queue.map((message) => message.id));
        queue.push(...messages.filter((message) => !waiting.has(message.id)));
      })));
      seq = read.events.at(-1)!.seq;
      this.place.moveTo(seq);
      // A refused save keeps the place in memory (consumer-place.ts): the next take goes on from there, and
      // does not queue this batch again.
      await this.place.save();
      // After each batch, not once changes stop coming: a steady stream of writes must not hold sending back.
      this.sendDue();
    }
  }

  /**
   * Neither memory nor the cursor file says how far the webhooks got. Standard Webhooks and Stripe-like
   * senders deliver at least once: a receiver drops a message whose webhook-id it has had, and a sender never
   * skips one to save a duplicate. So the take goes on after the latest change queued or sent to any endpoint
   * (their queues and delivery logs say it; a later change made no message, and is looked at again for
   * nothing). Where nothing says it (no endpoint was sent anything yet: also a first start, whose first
   * endpoint was added a moment ago and whose changes since may be in the feed already), it reads from the
   * oldest change the feed keeps, each endpoint hearing of those made after it was added (webhook-message.ts); a
   * message made again has the webhook-id it had. Starting at the feed's end, as this once did, lost a change
   * made right after the first endpoint.
   */
  private placeLost(lost: 'missing' | 'damaged'): number {
    const { feed, endpoints, queue, log } = this.options;
    const queued = Math.max(0, ...endpoints.list().map((endpoint) => queue.lastSeq(endpoint.id)));
    if (queued > 0) {
      log(`svc: the cursor of webhooks (feed/cursors/webhooks.json) is ${lost}; they go on after change ${queued}, the latest queued or sent to an endpoint.`);
      return queued;
    }
    const oldest = Math.max(0, feed.oldest() - 1);
    if (lost === 'damaged') log(`svc: the cursor of webhooks (feed/cursors/webhooks.json) is damaged and no endpoint's queue or log says how far they got; the changes the feed keeps are taken again from change ${oldest + 1}, each endpoint's from when it was added (a message sent before goes again with its webhook-id, for the receiver to drop).`);
    return oldest;
  }

  /** Sends the endpoint's first message when it is due (webhook-delivery.ts), one at a time per endpoint. */
  private async sendHead(endpoint: WebhookEndpoint): Promise<void> {
    // The queue's head as last read, read again only once its file changed (webhook-queue.ts head()).
    const head = this.queue.head(endpoint.id);
    if (!head || head.nextAt > this.options.clock()) return;
    this.sending.add(endpoint.id);
    try {
      if (await deliverHead(endpoint, head, this.options)) setImmediate(() => this.sendDue());
    } catch (error) {
      this.options.log(`svc: a webhook delivery could not be recorded (${(error as Error).message}).`);
    } finally {
      this.sending.delete(endpoint.id);
    }
  }
}
