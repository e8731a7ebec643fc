// What a change in the feed makes stale, as cache tags (content/cache-tags.ts) and addresses: the entry's
// own pages in every language, the lists it is in now and was in when last seen, the sitemap and feeds; a
// settings, theme or plugin change (or a feed begun anew) makes everything stale.
import type { ChangeEvent } from '../feed/change-event.js';
import type { Entry, SiteConfig } from '../content/entries/types.js';
import { SITE_TAG, tagsToPurgeForEntry, tagsToPurgeForGoneEntry } from '../content/cache-tags.js';
import { LruCache } from '../lib/lru.js';
import type { Purge } from './purge-request.js';

/** What the purges need of the content: the settings and an entry as it is on disk now. */
export interface PurgeContent {
  site(): SiteConfig;
  entry(id: string): Entry | undefined;
  absoluteUrl(path: string): string;
}

/** Entries whose tags are remembered (a tag taken off a post purges that tag's list). */
const REMEMBERED = 10_000;

export class PurgeTags {
  private readonly seen = new LruCache<string, string[]>(REMEMBERED);

  constructor(private readonly content: PurgeContent) {}

  /** The tags and addresses a run of events makes stale; `everything` after a resync. */
  of(events: readonly ChangeEvent[], everything: boolean): Purge {
    const tags = new Set<string>();
    const urls = new Set<string>();
    if (everything) tags.add(SITE_TAG);
    for (const event of events) {
      for (const path of [...event.paths, ...event.before]) urls.add(this.content.absoluteUrl(path));
      if (event.entry === null) {
        tags.add(SITE_TAG);
        continue;
      }
      let entry: Entry | undefined;
      try { entry = this.content.entry(event.entry); } catch { entry = undefined; }
      const before = this.seen.get(event.entry);
      const found = entry ? tagsToPurgeForEntry(entry, before) : new Set([...tagsToPurgeForGoneEntry(this.content.site(), event.entry, event.languages), ...(before ?? [])]);
      for (const tag of found) tags.add(tag);
      if (entry) this.seen.set(event.entry, [...tagsToPurgeForEntry(entry, [])]);
    }
    // The site-wide tag is on every answer: with it, the rest adds nothing.
    return { tags: tags.has(SITE_TAG) ? [SITE_TAG] : [...tags].sort(), urls: [...urls].sort() };
  }
}
