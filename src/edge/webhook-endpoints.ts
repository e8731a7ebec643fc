// The webhook endpoints people add in the panel (admin only), in data/webhooks/endpoints.json (private, as
// every file under data/): an https address, the events it wants, optional filters, whether it wants drafts,
// and its secrets. A secret is shown once when made; a rotation adds a new one and keeps the old valid for a
// day, so deliveries carry both signatures meanwhile.
import { randomBytes } from '../lib/node-builtins.js';
import type { Clock } from '../lib/clock.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { isPublicAddress, isLoopbackAddress } from '../lib/public-address.js';
import { newWebhookSecret } from './webhook-signature.js';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export const WEBHOOK_EVENTS = ['entry.created', 'entry.updated', 'entry.published', 'entry.unpublished', 'entry.scheduled', 'entry.deleted', 'media.added', 'media.updated', 'media.deleted', 'site.changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_STATUSES = ['published', 'draft', 'scheduled'] as const;

/** An old secret stays valid this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
export const MAX_ENDPOINTS = 50;

export interface WebhookFilters { type?: string; tag?: string; language?: string; status?: (typeof WEBHOOK_STATUSES)[number] }

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  filters: WebhookFilters;
  /** Deliver changes of drafts and scheduled translations too (else only what is public). */
  drafts: boolean;
  /** The newest first; an older one until `until` (epoch ms). */
  secrets: { secret: string; until: number | null }[];
  /** Why deliveries stopped (retries ran out), or null while active. */
  paused: string | null;
  createdAt: string;
}

export interface NewEndpoint { url: string; events: string[]; filters: WebhookFilters; drafts: boolean }

/** Why this address may not be an endpoint, or null. `allowLoopback`: the tests' switch, never on in production. */
export function refuseEndpointUrl(text: string, allowLoopback: boolean): string | null {
  if (!URL.canParse(text)) return 'The address is not a valid URL.';
  const url = new URL(text);
  const loopbackTest = allowLoopback && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(loopbackTest && url.protocol === 'http:')) return 'The address must start with https://.';
  if (url.username !== '' || url.password !== '') return 'The address must not contain a user name or password.';
  if (url.hash !== '') return 'The address must not contain a fragment (#).';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !isPublicAddress(literal) && !(loopbackTest && isLoopbackAddress(literal))) return 'The address must be a public one: not this machine, a private network or a metadata service.';
  if (literal === 'localhost' || literal.endsWith('.localhost')) return 'The address must be a public one: not this machine, a private network or a metadata service.';
  return null;
}

/** The sentence for a file that cannot be read as the endpoints: the panel, a refused change and the log say it. */
function damaged(reason: string): string {
  return `data/webhooks/endpoints.json is damaged (${reason}): no webhook is delivered and no endpoint can be changed until it is repaired or restored from a backup.`;
}

/** Enough of an endpoint for the sender and the panel not to fail on it. */
function isEndpoint(value: unknown): value is WebhookEndpoint {
  const item = value as Partial<WebhookEndpoint> | null;
  return typeof item === 'object' && item !== null && typeof item.id === 'string' && typeof item.url === 'string'
    && Array.isArray(item.events) && Array.isArray(item.secrets) && (item.paused === null || typeof item.paused === 'string');
}

export class WebhookEndpoints {
  private readonly file: string;
  private readonly lock: string;

  constructor(private readonly trusted: TrustedFolders, dataDir: string, private readonly clock: Clock, readonly allowLoopback = false) {
    this.file = join(dataDir, 'webhooks', 'endpoints.json');
    this.lock = join(dataDir, 'locks', 'webhooks.lock');
  }

  /**
   * The endpoints, and why the file cannot be read as them (null when it can; a missing file is no endpoint).
   * A damaged file reads as no endpoint for sending, and is never written over: it alone holds the others'
   * addresses and signing secrets, which adding one after it read as empty replaced with the new one alone.
   */
  read(): { endpoints: WebhookEndpoint[]; damage: string | null } {
    let text: string;
    try {
      text = readTextNoFollow(this.trusted, this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { endpoints: [], damage: null };
      return { endpoints: [], damage: damaged((error as Error).message) };
    }
    try {
      const value = JSON.parse(text) as unknown;
      if (Array.isArray(value) && value.every(isEndpoint)) return { endpoints: value, damage: null };
      return { endpoints: [], damage: damaged('it is not a list of endpoints') };
    } catch (error) {
      return { endpoints: [], damage: damaged((error as Error).message) };
    }
  }

  /** The endpoints; none while the file is damaged (read() says why). */
  list(): WebhookEndpoint[] {
    return this.read().endpoints;
  }

  get(id: string): WebhookEndpoint | undefined {
    return this.list().find((endpoint) => endpoint.id === id);
  }

  /** Adds an endpoint and returns it with its secret (shown once); throws an Error with a sentence for bad input. */
  create(input: NewEndpoint): { endpoint: WebhookEndpoint; secret: string } {
    const problem = refuseEndpointUrl(input.url.trim(), this.allowLoopback);
    if (problem) throw new Error(problem);
    const events = [...new Set(input.events)];
    if (events.length === 0) throw new Error('Choose at least one event.');
    const unknown = events.find((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event));
    if (unknown) throw new Error(`There is no event ${unknown}; the events are ${WEBHOOK_EVENTS.join(', ')}.`);
    const filters: WebhookFilters = {};
    for (const key of ['type', 'tag', 'language'] as const) {
      const value = input.filters[key]?.trim();
      if (value) {
        if (!/^[a-z0-9][a-z0-9_-]{0,79}$/i.test(value)) throw new Error(`The ${key} filter must be a key, such as post or en.`);
        filters[key] = value;
      }
    }
    if (input.filters.status) {
      if (!(WEBHOOK_STATUSES as readonly string[]).includes(input.filters.status)) throw new Error(`The status filter must be one of ${WEBHOOK_STATUSES.join(', ')}.`);
      filters.status = input.filters.status;
    }
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id: `ep_${randomBytes(8).toString('hex')}`, url: new URL(input.url.trim()).href, events: events as WebhookEvent[], filters,
      drafts: input.drafts, secrets: [{ secret, until: null }], paused: null, createdAt: new Date(this.clock()).toISOString(),
    };
    this.change((all) => {
      if (all.length >= MAX_ENDPOINTS) throw new Error(`A site has at most ${MAX_ENDPOINTS} webhook endpoints.`);
      all.push(endpoint);
    });
    return { endpoint, secret };
  }

  /** A new secret (shown once); the current one stays valid for a day. */
  rotate(id: string): string {
    const secret = newWebhookSecret();
    const now = this.clock();
    this.change((all) => {
      const endpoint = all.find((item) => item.id === id);
      if (!endpoint) throw new Error('There is no such endpoint.');
      endpoint.secrets = [{ secret, until: null }, ...endpoint.secrets.filter((item) => item.until === null || item.until > now).map((item) => ({ secret: item.secret, until: item.until ?? now + ROTATION_OVERLAP_MS }))];
    });
    return secret;
  }

  /** The secrets a delivery is signed with now. */
  secretsOf(endpoint: WebhookEndpoint): string[] {
    const now = this.clock();
    return endpoint.secrets.filter((item) => item.until === null || item.until > now).map((item) => item.secret);
  }

  setPaused(id: string, reason: string | null): void {
    this.change((all) => {
      const endpoint = all.find((item) => item.id === id);
      if (endpoint) endpoint.paused = reason;
    });
  }

  remove(id: string): void {
    this.change((all) => {
      const at = all.findIndex((item) => item.id === id);
      if (at >= 0) all.splice(at, 1);
    });
  }

  /** Refused with read()'s sentence while the file is damaged: a change never writes over what it could not read. */
  private change(edit: (all: WebhookEndpoint[]) => void): void {
    withFileLock(this.trusted, this.lock, () => {
      const { endpoints: all, damage } = this.read();
      if (damage !== null) throw new Error(damage);
      edit(all);
      writeFileAtomic(this.trusted, this.file, JSON.stringify(all, null, 1) + '\n', 0o600);
    });
  }
}
