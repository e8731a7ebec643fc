import type { AppDeps } from './app-deps.js';
import { WebhookDispatcher } from '../edge/webhook-dispatcher.js';
import { apiEntry } from '../api/answers/entry-view.js';
import type { Entry, Translation } from '../content/entries/types.js';

/**
 * Starts delivering webhooks from the change feed (edge/webhook-dispatcher.ts); the messages carry the entry
 * as the Content API shows it to a token with content:read (drafts only to endpoints that ask for them).
 */
export function startWebhooks(app: Pick<AppDeps, 'content' | 'config' | 'clock' | 'log' | 'webhooks'>, options: { pollMs?: number; retryDelaysMs?: readonly number[]; timeoutMs?: number } = {}): WebhookDispatcher | null {
  const feed = app.content.changes?.feed;
  if (!feed) return null;
  const view = (entry: Entry, languages: readonly string[], drafts: boolean): unknown => {
    const visible = (translation: Translation) => drafts || translation.status === 'published';
    const site = app.content.site();
    const translation = [...languages, site.defaultLanguage].map((language) => entry.translations.get(language)).find((t) => t !== undefined && visible(t))
      ?? [...entry.translations.values()].find(visible);
    return translation ? apiEntry(app.content, entry, translation, true, visible) : null;
  };
  const dispatcher = new WebhookDispatcher({
    feed, endpoints: app.webhooks.endpoints, queue: app.webhooks.queue, dataDir: app.config.dataDir, clock: app.clock, log: app.log,
    content: { entry: (id) => { try { return app.content.entry(id); } catch { return undefined; } }, view },
    ...options,
  });
  dispatcher.start();
  return dispatcher;
}
