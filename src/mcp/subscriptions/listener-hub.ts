// Every listener of one server process, and the one follower of the change feed that tells them of changes.
// It follows the feed as the cache purger and the webhooks do (feed/feed-follower.ts: a watch of the feed's
// folder, a poll as a safety net), but keeps no cursor: a listener lives in memory, and one that comes back
// after a restart listens anew (the revision says the server holds no subscription state across them).
//
// The follower runs only while someone listens, so a server without listeners pays nothing, and one with a
// thousand idle listeners pays one watch and one stat every two seconds. Each change is looked up once and
// told only to the subscriptions of the entry it names, each only if it touches a translation its token may
// read now or could until this change (so one that stops being public is told once, someone else's draft never).
import { RpcError, ErrorCodes, type JsonRpcId } from '../../jsonrpc/messages.js';
import { holdsScope, type Principal } from '../../auth/principal.js';
import type { ChangeEvent } from '../../feed/change-event.js';
import { FeedFollower } from '../../feed/feed-follower.js';
import type { Entry } from '../../content/entries/types.js';
import type { ContentStore } from '../../content/store.js';
import { visibleLanguages } from '../resources/readable-entries.js';
import { LISTENERS_PER_PERSON } from './limits.js';
import type { EndReason, Listener, Subscription } from './listener.js';

export const SITE_URI = 'svc://site';
/** What svc://site says comes from the settings, the theme and the plugins (its cards). */
const SITE_KINDS = new Set(['site.changed', 'site.reindexed', 'theme.changed', 'plugins.changed']);

export interface ListenerHubOptions {
  /** The follower's poll (tests); default the feed follower's. */
  pollMs?: number;
  listenersPerPerson?: number;
  /** A listen's idle timeout and the unread bytes that drop a listener (tests); default limits.ts's. */
  idleMs?: number;
  maxUnsentBytes?: number;
}

export class ListenerHub {
  private readonly listeners = new Set<Listener>();
  private readonly perPerson = new Map<string, number>();
  /** Subscriptions by entry id, and those of svc://site. */
  private readonly byEntry = new Map<string, Set<Subscription>>();
  private readonly site = new Set<Subscription>();
  private follower: FeedFollower | null = null;

  constructor(private readonly store: ContentStore, private readonly log: (line: string) => void, private readonly options: ListenerHubOptions = {}) {}

  /** What each listener of this hub is held to (limits.ts, unless the hub was made with others). */
  get listenerLimits(): { idleMs?: number; maxUnsentBytes?: number } {
    const { idleMs, maxUnsentBytes } = this.options;
    return { ...(idleMs === undefined ? {} : { idleMs }), ...(maxUnsentBytes === undefined ? {} : { maxUnsentBytes }) };
  }

  /** Listeners held now. */
  get size(): number {
    return this.listeners.size;
  }

  /** Subscriptions held now, over all listeners (a dropped listener leaves none). */
  get subscriptionCount(): number {
    let count = this.site.size;
    for (const set of this.byEntry.values()) count += set.size;
    return count;
  }

  /** Whether the follower runs (only while someone listens). */
  get following(): boolean {
    return this.follower !== null;
  }

  /** Refuses a new listener past the per-person limit, before anything is opened. */
  admit(person: string): void {
    const limit = this.options.listenersPerPerson ?? LISTENERS_PER_PERSON;
    if ((this.perPerson.get(person) ?? 0) >= limit) {
      throw new RpcError(ErrorCodes.invalidRequest, `Too many listeners: a person may hold at most ${limit} at a time on this server. Close one (cancel its subscriptions/listen, or end the process) before opening another.`);
    }
  }

  add(listener: Listener): void {
    if (listener.ended) return;
    this.admit(listener.person);
    this.listeners.add(listener);
    this.perPerson.set(listener.person, (this.perPerson.get(listener.person) ?? 0) + 1);
    for (const subscription of listener.subscriptions.values()) this.index(subscription);
    this.startFollowing();
  }

  /** Takes a subscription of a listener already held into account. */
  index(subscription: Subscription): void {
    if (subscription.target.kind === 'site') this.site.add(subscription);
    else {
      let set = this.byEntry.get(subscription.target.id);
      if (!set) this.byEntry.set(subscription.target.id, (set = new Set()));
      set.add(subscription);
    }
  }

  unindex(subscription: Subscription): void {
    if (subscription.target.kind === 'site') this.site.delete(subscription);
    else {
      const set = this.byEntry.get(subscription.target.id);
      set?.delete(subscription);
      if (set?.size === 0) this.byEntry.delete(subscription.target.id);
    }
  }

  /** Called by a listener as it ends (Listener's onEnd): nothing of it is kept. */
  forget(listener: Listener, _reason: EndReason): void {
    if (!this.listeners.delete(listener)) return;
    for (const subscription of listener.subscriptions.values()) this.unindex(subscription);
    const left = (this.perPerson.get(listener.person) ?? 1) - 1;
    if (left > 0) this.perPerson.set(listener.person, left);
    else this.perPerson.delete(listener.person);
    if (this.listeners.size === 0) this.stopFollowing();
  }

  endAll(): void {
    for (const listener of [...this.listeners]) listener.end('graceful');
  }

  /** The listener of `channel` opened by request `id` (a cancellation names it so). */
  find(channel: unknown, id: JsonRpcId): Listener | undefined {
    for (const listener of this.listeners) if (listener.channel === channel && listener.id === id) return listener;
    return undefined;
  }

  private startFollowing(): void {
    if (this.follower) return;
    const feed = this.store.changes?.feed;
    if (!feed) return;
    // Prompt: a listener hears of a write in the turn it was made, not after the background work queued behind it.
    this.follower = new FeedFollower({ feed, log: this.log, prompt: true, onEvents: (events, resync) => this.tell(events, resync), ...(this.options.pollMs ? { pollMs: this.options.pollMs } : {}) });
    this.follower.start();
  }

  private stopFollowing(): void {
    this.follower?.stop();
    this.follower = null;
  }

  /** The changes, told to whoever follows what they touch. `resync`: events were lost, everything may have changed. */
  private tell(events: readonly ChangeEvent[], resync: boolean): void {
    // What other processes changed is in the index before anyone is told (a listener reads it next).
    try { this.store.changes?.catchUp(); } catch { /* the index reads again on its own */ }
    const principals = new Map<Listener, Principal | null>();
    const principalOf = (listener: Listener) => {
      if (!principals.has(listener)) principals.set(listener, listener.principal());
      return principals.get(listener)!;
    };
    // Each subscription is told once per batch of changes, however many of them touch it.
    const told = new Set<Subscription>();
    const everything = resync || events.some((event) => event.kind === 'site.reindexed');
    if (everything || events.some((event) => SITE_KINDS.has(event.kind))) {
      for (const subscription of this.site) {
        if (principalOf(subscription.listener)) told.add(subscription);
        else subscription.listener.end('graceful');
      }
    }
    const touched = everything
      ? [...this.byEntry.keys()].map((id) => ({ id, languages: [] as readonly string[] }))
      : events.filter((event) => event.entry !== null && this.byEntry.has(event.entry)).map((event) => ({ id: event.entry!, languages: event.languages }));
    for (const { id, languages } of touched) {
      const entry = this.indexed(id);
      // What a token sees of the entry is worked out once per principal (a person's listens share one), not per listener.
      const seen = new Map<Principal, ReadonlySet<string>>();
      const visibleTo = (principal: Principal) => {
        let visible = seen.get(principal);
        if (!visible) seen.set(principal, (visible = holdsScope(principal, 'content:read') ? visibleLanguages(principal, entry) : new Set<string>()));
        return visible;
      };
      for (const subscription of [...(this.byEntry.get(id) ?? [])]) if (this.concerns(subscription, principalOf, visibleTo, languages)) told.add(subscription);
    }
    for (const subscription of told) subscription.listener.updated(subscription.uri);
  }

  /**
   * Whether a change to its entry is told to one subscription, which it is only if its token may know of it:
   * the change touches a translation it reads now or could read until now (`languages` empty: the entry as a
   * whole). A token that stopped working ends its listener (with the listen's result).
   */
  private concerns(subscription: Subscription, principalOf: (listener: Listener) => Principal | null, visibleTo: (principal: Principal) => ReadonlySet<string>, languages: readonly string[]): boolean {
    const { listener, target } = subscription;
    if (listener.ended || target.kind !== 'entry') return false;
    const principal = principalOf(listener);
    if (!principal) {
      listener.end('graceful');
      return false;
    }
    const now = visibleTo(principal);
    const was = subscription.seen;
    const known = (language: string) => now.has(language) || was.has(language);
    let concerned = languages.length > 0 ? languages : [...now, ...was];
    // A URI naming a language it can read follows that translation alone (otherwise it reads another).
    if (target.language !== undefined && known(target.language)) concerned = concerned.filter((language) => language === target.language);
    subscription.seen = now;
    return concerned.some(known);
  }

  private indexed(id: string): Entry | undefined {
    try {
      return this.store.indexed(id);
    } catch {
      return undefined;
    }
  }
}

const hubs = new WeakMap<ContentStore, ListenerHub>();

/** The server stops: every listener of the site's process ends now, each listen with its result (none held). */
export function endListeners(store: ContentStore): void {
  hubs.get(store)?.endAll();
}

/** The hub of the process for this site's content: both transports and both eras share it. */
export function listenerHub(store: ContentStore, log: (line: string) => void, options?: ListenerHubOptions): ListenerHub {
  let hub = hubs.get(store);
  if (!hub) hubs.set(store, (hub = new ListenerHub(store, log, options)));
  return hub;
}
