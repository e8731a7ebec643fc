// What people do with webhooks in the panel, in any instance: the endpoints and their secrets
// (webhook-endpoints.ts), the delivery logs, "send again" and resuming a paused endpoint (webhook-queue.ts).
// The instance that sends (webhook-dispatcher.ts) picks up what they queue at its next tick.
import type { Clock } from '../lib/clock.js';
import { WebhookEndpoints, type NewEndpoint, type WebhookEndpoint } from './webhook-endpoints.js';
import { WebhookQueue, type EndpointDeliveries } from './webhook-queue.js';
import { TrustedFolders } from '../lib/trusted-folders.js';

export class WebhookAdmin {
  readonly endpoints: WebhookEndpoints;
  readonly queue: WebhookQueue;

  /**
   * `allowLoopback`: the tests' switch (endpoints on 127.0.0.1 over http); never on in production.
   * `trustedFolders`: the site's (wiring/build-deps.ts); without it, a value trusting the data folder.
   */
  constructor(dataDir: string, clock: Clock, allowLoopback = false, trustedFolders?: TrustedFolders) {
    const trusted = trustedFolders ?? new TrustedFolders([dataDir]);
    this.endpoints = new WebhookEndpoints(trusted, dataDir, clock, allowLoopback);
    const endpoints = this.endpoints;
    this.queue = new WebhookQueue(trusted, dataDir, { isEndpoint: (id) => endpoints.get(id) !== undefined, clock });
  }

  list(): WebhookEndpoint[] { return this.endpoints.list(); }
  /** Why the endpoints file cannot be read (the panel says it rather than "no endpoints"), or null. */
  damage(): string | null { return this.endpoints.read().damage; }
  get(id: string): WebhookEndpoint | undefined { return this.endpoints.get(id); }
  create(input: NewEndpoint): { endpoint: WebhookEndpoint; secret: string } { return this.endpoints.create(input); }
  rotate(id: string): string { return this.endpoints.rotate(id); }
  deliveries(id: string): EndpointDeliveries { return this.queue.read(id); }

  /** The endpoint, then its files once a delivery in flight has written what it writes (webhook-queue.ts). */
  async remove(id: string): Promise<void> {
    this.endpoints.remove(id);
    await this.queue.remove(id);
  }

  /** The paused endpoints, for the panel's home. */
  paused(): WebhookEndpoint[] {
    return this.endpoints.list().filter((endpoint) => endpoint.paused !== null);
  }

  /** The message from the log goes to the end of the queue, due now. */
  async sendAgain(id: string, messageId: string): Promise<boolean> {
    const record = this.queue.read(id).log.find((item) => item.id === messageId);
    // A drop's record has no message to send.
    if (!record || record.outcome === 'dropped') return false;
    await this.queue.change(id, (queue) => { queue.push({ id: record.id, type: record.type, seq: 0, entry: record.entry, body: record.body, attempt: 0, nextAt: 0 }); });
    return true;
  }

  /** A paused endpoint's waiting messages are tried at once, from the first. */
  async resume(id: string): Promise<void> {
    await this.queue.change(id, (queue) => {
      for (const message of queue) Object.assign(message, { attempt: 0, nextAt: 0 });
    });
    this.endpoints.setPaused(id, null);
  }
}
