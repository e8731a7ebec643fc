import type { AppDeps } from './app-deps.js';
import { WebhookThread, type WebhookThreadOptions } from './webhook-thread.js';

/**
 * Starts delivering webhooks from the change feed (edge/webhook-dispatcher.ts) in a thread of its own
 * (webhook-thread.ts); the messages carry the entry as the Content API shows it to a token with content:read
 * (drafts only to endpoints that ask for them).
 */
export function startWebhooks(app: Pick<AppDeps, 'content' | 'config' | 'log' | 'webhooks'>, options: WebhookThreadOptions = {}): WebhookThread | null {
  const feed = app.content.changes?.feed;
  if (!feed) return null;
  const thread = new WebhookThread(app, feed.dir, options);
  thread.start();
  return thread;
}
