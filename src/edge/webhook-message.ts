// What one change in the feed says to one webhook endpoint: the Standard Webhooks message (its type, its
// body, its webhook-id), or nothing when the endpoint does not want it (its events, its filters, drafts).
import { createHash } from '../lib/node-builtins.js';
import type { ChangeEvent, ChangeKind } from '../feed/change-event.js';
import type { Entry } from '../content/entries/types.js';
import type { WebhookEndpoint, WebhookEvent } from './webhook-endpoints.js';
import type { QueuedMessage } from './webhook-queue.js';

const EVENT_OF: Partial<Record<ChangeKind, WebhookEvent>> = {
  'entry.created': 'entry.created', 'entry.added': 'entry.created',
  'entry.updated': 'entry.updated', 'entry.changed': 'entry.updated', 'entry.style': 'entry.updated',
  'entry.published': 'entry.published', 'entry.due': 'entry.published',
  'entry.unpublished': 'entry.unpublished', 'entry.scheduled': 'entry.scheduled',
  'entry.removed': 'entry.deleted',
  'site.changed': 'site.changed', 'site.reindexed': 'site.changed', 'theme.changed': 'site.changed', 'plugins.changed': 'site.changed',
};
const LEAVING = new Set<WebhookEvent>(['entry.unpublished', 'entry.deleted']);

/** The entries as they were when taken, and how the Content API shows them. */
export interface TakenContent {
  entry(id: string): Entry | undefined;
  /** The entry as the Content API shows it to a token with content:read (drafts only when asked), or null. */
  view(entry: Entry, languages: readonly string[], drafts: boolean): unknown;
}

export const NOTHING_TAKEN: TakenContent = { entry: () => undefined, view: () => null };

/** An entry's media changed: added (an upload, a restore; also a line from before svc said how), updated or deleted. */
const MEDIA_EVENT_OF = { added: 'media.added', changed: 'media.updated', removed: 'media.deleted' } as const;

/** The webhook event a change is sent as, if any. */
export function webhookEventOf(event: Pick<ChangeEvent, 'kind' | 'media'>): WebhookEvent | undefined {
  return event.kind === 'entry.media' ? MEDIA_EVENT_OF[event.media ?? 'added'] : EVENT_OF[event.kind];
}

/** The message for this endpoint, or null when it does not want this change. */
export function messageFor(event: ChangeEvent, endpoint: WebhookEndpoint, content: TakenContent, entry: Entry | undefined, views: Map<boolean, unknown>): QueuedMessage | null {
  const type = webhookEventOf(event);
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
    // Without drafts, what anyone could see of the change as it was recorded (change-event.ts PublicView):
    // nothing of a draft, and where a page was that left public view. A line from before events carried it
    // is judged by what is public now.
    const shown = endpoint.drafts ? undefined : event.public;
    if (shown === null) return null;
    if (entry && !views.has(endpoint.drafts)) views.set(endpoint.drafts, content.view(entry, event.languages, endpoint.drafts));
    const view = entry ? views.get(endpoint.drafts)! : null;
    if (shown !== undefined) data = { id: event.entry, languages: shown.languages, paths: shown.paths, before: shown.before, entry: view };
    else {
      // Without drafts, a change of what nobody may see yet is not sent (one that takes something away is).
      if (view === null && !LEAVING.has(type)) return null;
      data = { id: event.entry, languages: event.languages, paths: view === null && !endpoint.drafts ? [] : event.paths, before: view === null && !endpoint.drafts ? [] : event.before, entry: view };
    }
  }
  const body = JSON.stringify({ type, timestamp: event.time, data: { seq: event.seq, ...data } });
  // The same message made twice (a change taken again) has the same webhook-id, which Standard Webhooks has
  // receivers keep to drop a message they had: the endpoint, the seq and the event's time (a feed begun anew
  // counts its seqs again).
  const id = `msg_${event.seq}_${createHash('sha256').update(`${endpoint.id}\n${event.seq}\n${event.time}`).digest('hex').slice(0, 12)}`;
  return { id, type, seq: event.seq, entry: event.entry, body, attempt: 0, nextAt: 0 };
}
