// Sends signed webhooks for the changes in the feed (issue "Beyond one machine", Standard Webhooks): a
// consumer with its own cursor (data/feed/cursors/webhooks.json) takes each event, makes one message per
// endpoint that wants it (events, filters, drafts), queues it, then saves the cursor; so every change is
// delivered at least once, also across a restart. One instance at a time does this (the lease
// data/feed/webhooks.json). Per endpoint the queue's head is sent until it is delivered: at once, then after
// the delays of RETRY_DELAYS_MS (about a day in all); then the endpoint is paused, its messages kept, and
// the panel's home says so. It runs in a thread of its own (wiring/webhook-thread.ts), beside the requests.
import { randomBytes } from '../lib/node-builtins.js';
import type { Clock } from '../lib/clock.js';
import type { ChangeEvent, ChangeKind } from '../feed/change-event.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { FeedCursor } from '../feed/feed-cursor.js';
import { FeedFollower } from '../feed/feed-follower.js';
import { FinderLease } from '../feed/finder-lease.js';
import type { Entry } from '../content/entries/types.js';
import type { WebhookEndpoint, WebhookEndpoints, WebhookEvent } from './webhook-endpoints.js';
import type { QueuedMessage, WebhookQueue } from './webhook-queue.js';
import { webhookSignatureHeader } from './webhook-signature.js';
import { sendWebhook } from './webhook-send.js';
import { join } from 'node:path';

/** After the first attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (Standard Webhooks' schedule; some 27 h in all). */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
const TICK_MS = 500;

const EVENT_OF: Partial<Record<ChangeKind, WebhookEvent>> = {
  'entry.created': 'entry.created', 'entry.added': 'entry.created',
  'entry.updated': 'entry.updated', 'entry.changed': 'entry.updated', 'entry.style': 'entry.updated',
  'entry.published': 'entry.published', 'entry.due': 'entry.published',
  'entry.unpublished': 'entry.unpublished', 'entry.scheduled': 'entry.scheduled',
  'entry.removed': 'entry.deleted', 'entry.media': 'media.added',
  'site.changed': 'site.changed', 'site.reindexed': 'site.changed', 'theme.changed': 'site.changed', 'plugins.changed': 'site.changed',
};
const LEAVING = new Set<WebhookEvent>(['entry.unpublished', 'entry.deleted']);

/** What the messages need of the content, asked once per batch of events for the entries they name. */
export interface WebhookContent {
  take(ids: readonly string[]): Promise<TakenContent>;
}

/** The entries as they were when taken, and how the Content API shows them. */
export interface TakenContent {
  entry(id: string): Entry | undefined;
  /** The entry as the Content API shows it to a token with content:read (drafts only when asked), or null. */
  view(entry: Entry, languages: readonly string[], drafts: boolean): unknown;
}

const NOTHING_TAKEN: TakenContent = { entry: () => undefined, view: () => null };

export interface WebhookDispatcherOptions {
  feed: ChangeFeed;
  endpoints: WebhookEndpoints;
  queue: WebhookQueue;
  content: WebhookContent;
  dataDir: string;
  clock: Clock;
  log: (line: string) => void;
  pollMs?: number;
  /** Tests: shorter delays than RETRY_DELAYS_MS. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Told when this process takes up sending, and when it stops. */
  onSending?: (sending: boolean) => void;
}

export class WebhookDispatcher {
  private readonly queue: WebhookQueue;
  private readonly cursor: FeedCursor;
  private readonly lease: FinderLease;
  private readonly follower: FeedFollower;
  private timer: NodeJS.Timeout | null = null;
  private holding = false;
  private readonly sending = new Set<string>();
  private taking: Promise<void> | null = null;
  private takeAgain = false;
  private active = false;

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.queue = options.queue;
    this.cursor = new FeedCursor(options.feed.trustedFolders, options.feed.dir, 'webhooks');
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
    this.setActive(this.options.endpoints.list().length > 0);
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
      this.holding = false;
    }
  }

  get isSending(): boolean {
    return this.holding;
  }

  /** Takes new events into the queues, and sends what is due meanwhile. */
  private wake(): void {
    if (!this.holding) return;
    void this.take().catch((error: Error) => {
      this.options.log(`svc: webhooks could not take the latest changes (${error.message}); tried again shortly.`);
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
    const { feed } = this.options;
    // No cursor yet: the first endpoint was added a moment ago, and this thread started after it. The changes
    // made since may be in the feed already (the thread's start takes a while on a loaded machine), so it is
    // read from the oldest event kept, and each endpoint hears of those made after it was added (messageFor).
    // Starting at the feed's end, as this once did, lost a change made right after the first endpoint.
    let seq = this.cursor.load() ?? Math.max(0, feed.oldest() - 1);
    for (;;) {
      const read = feed.since(seq, 200);
      if (read.events.length === 0) {
        if (read.resync) await this.cursor.saveAsync(read.position.seq);
        return;
      }
      // A paused endpoint keeps receiving messages in its queue: nothing is lost while it waits.
      const endpoints = this.options.endpoints.list();
      // The entries are asked for once per batch, and only those some endpoint wants to hear of.
      const wanted = (event: ChangeEvent) => event.entry !== null
        && endpoints.some((endpoint) => endpoint.events.includes(EVENT_OF[event.kind]!) && event.time >= endpoint.createdAt);
      const ids = [...new Set(read.events.filter(wanted).map((event) => event.entry!))];
      const content = ids.length === 0 ? NOTHING_TAKEN : await this.options.content.take(ids);
      const byEndpoint = new Map<string, QueuedMessage[]>();
      for (const event of read.events) {
        // One view of the entry per event for all endpoints alike (drafts or not): each is the entry rendered
        // as the Content API shows it, which ten endpoints made ten times over.
        const views = new Map<boolean, unknown>();
        const entry = event.entry === null ? undefined : content.entry(event.entry);
        for (const endpoint of endpoints) {
          const message = this.messageFor(event, endpoint, content, entry, views);
          if (message) byEndpoint.set(endpoint.id, [...(byEndpoint.get(endpoint.id) ?? []), message]);
        }
      }
      await Promise.all([...byEndpoint].map(([id, messages]) => this.queue.change(id, (queue) => { queue.push(...messages); })));
      seq = read.events.at(-1)!.seq;
      await this.cursor.saveAsync(seq);
      // After each batch, not once changes stop coming: a steady stream of writes must not hold sending back.
      this.sendDue();
    }
  }

  /** The message for this endpoint, or null when it does not want this change. */
  private messageFor(event: ChangeEvent, endpoint: WebhookEndpoint, content: TakenContent, entry: Entry | undefined, views: Map<boolean, unknown>): QueuedMessage | null {
    const type = EVENT_OF[event.kind];
    if (!type || !endpoint.events.includes(type)) return null;
    // An endpoint hears of the changes made after it was added (the cursor may be older: no endpoint followed it).
    if (event.time < endpoint.createdAt) return null;
    let data: Record<string, unknown> = {};
    if (event.entry !== null) {
      const { filters } = endpoint;
      if (filters.type && entry?.type.key !== filters.type && !event.entry.startsWith(`${filters.type}/`)) return null;
      const translations = entry ? [...entry.translations.values()] : [];
      if (filters.language && !event.languages.includes(filters.language) && !translations.some((t) => t.language === filters.language)) return null;
      if (filters.tag && !translations.some((t) => t.tags.includes(filters.tag!))) return null;
      if (filters.status && !translations.some((t) => t.status === filters.status)) return null;
      if (entry && !views.has(endpoint.drafts)) views.set(endpoint.drafts, content.view(entry, event.languages, endpoint.drafts));
      const view = entry ? views.get(endpoint.drafts)! : null;
      // Without drafts, a change of what nobody may see yet is not sent (one that takes something away is).
      if (view === null && !LEAVING.has(type)) return null;
      data = { id: event.entry, languages: event.languages, paths: view === null && !endpoint.drafts ? [] : event.paths, before: event.before, entry: view };
    }
    const body = JSON.stringify({ type, timestamp: event.time, data: { seq: event.seq, ...data } });
    return { id: `msg_${event.seq}_${randomBytes(6).toString('hex')}`, type, seq: event.seq, entry: event.entry, body, attempt: 0, nextAt: 0 };
  }

  /** Sends the endpoint's first message when it is due; records the outcome; pauses when retries ran out. */
  private async sendHead(endpoint: WebhookEndpoint): Promise<void> {
    const { clock, endpoints } = this.options;
    const head = this.queue.waiting(endpoint.id)[0];
    if (!head || head.nextAt > clock()) return;
    this.sending.add(endpoint.id);
    try {
      const timestamp = Math.floor(clock() / 1000);
      const headers = {
        'webhook-id': head.id, 'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignatureHeader(endpoints.secretsOf(endpoint), head.id, timestamp, head.body),
      };
      const outcome = await sendWebhook(endpoint.url, headers, head.body, endpoints.allowLoopback, this.options.timeoutMs);
      const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
      const attempt = head.attempt + 1;
      const exhausted = !outcome.ok && attempt > delays.length;
      // The attempt is logged first: a stop between the two sends the message again (same webhook-id), never loses it.
      await this.queue.record(endpoint.id, {
        id: head.id, type: head.type, entry: head.entry, time: new Date(clock()).toISOString(), attempt,
        outcome: outcome.ok ? 'delivered' : exhausted ? 'paused' : 'failed', code: outcome.status, answer: outcome.note.slice(0, 512), body: head.body,
      });
      await this.queue.change(endpoint.id, (queue) => {
        const at = queue.findIndex((message) => message.id === head.id);
        if (at < 0) return;
        if (outcome.ok) queue.splice(at, 1);
        else queue[at] = { ...head, attempt, nextAt: clock() + (delays[attempt - 1] ?? 0) };
      });
      if (exhausted) {
        endpoints.setPaused(endpoint.id, `Paused ${new Date(clock()).toISOString()} after ${attempt} attempts over about a day: ${outcome.status === null ? outcome.note : `it answered ${outcome.status}`}.`);
        this.options.log(`svc: webhook endpoint ${endpoint.url} is paused: its deliveries failed for about a day.`);
      }
      if (outcome.ok) setImmediate(() => this.sendDue());
    } catch (error) {
      this.options.log(`svc: a webhook delivery could not be recorded (${(error as Error).message}).`);
    } finally {
      this.sending.delete(endpoint.id);
    }
  }
}
