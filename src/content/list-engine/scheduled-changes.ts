import type { Clock } from '../../lib/clock.js';
import { parseSiteTime } from '../../lib/time-zone.js';
import { TranslationMap } from '../entries/translation-map.js';
import type { EntryIndex } from './entry-index.js';
import { pathPrefixOf } from '../entries/path-prefix.js';
import { buildTranslation } from '../entries/translation.js';
import type { ContentType, Entry, SiteConfig, Translation } from '../entries/types.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';

export interface ScheduledChangesOptions {
  clock: Clock;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  trusted: TrustedFolders;
  log: (line: string) => void;
  site: () => SiteConfig;
  /**
   * Told (soon after, never during a read) about a scheduled translation found due, so its file can be
   * rewritten as published (D2).
   */
  onScheduledDue?: ((entryId: string, language: string) => void) | undefined;
}

/**
 * What changes with time alone: a scheduled translation whose time came is published (D2: derived on read,
 * no cron), and a date-category entry whose start passed is no longer upcoming. Keeps the next such
 * instant, re-derives the index's translations when it comes, and queues due translations for
 * onScheduledDue so their files follow.
 */
export class ScheduledChanges {
  private nextChange = Infinity;
  private readonly due = new Set<string>();

  constructor(private readonly options: ScheduledChangesOptions) {}

  /** When the next timed change comes (epoch ms; Infinity: none known). */
  get nextAt(): number {
    return this.nextChange;
  }

  /** Whether the next timed change has come. */
  isDue(now: number): boolean {
    return now >= this.nextChange;
  }

  /** The next timed change among all these entries (after a full scan). */
  recompute(entries: Iterable<Entry>, now = this.options.clock()): void {
    let next = Infinity;
    for (const entry of entries) next = Math.min(next, nextTimeOf(entry, now, this.options.site().timezone));
    this.nextChange = next;
  }

  /**
   * Whether a scheduled translation in the index has a time that passed already: an index kept from before
   * (the persisted one) derived its status earlier; apply() derives it again. Only the scheduled are looked at.
   */
  hasOverdue(index: EntryIndex, now = this.options.clock()): boolean {
    const site = this.options.site();
    for (const type of site.types) {
      for (const language of Object.keys(site.languages)) {
        // Newest first: those whose time passed are at the end, and the rest need not be looked at (at
        // 100,000 entries, the thousands scheduled each made an object of a persisted index's row).
        const list = index.lists.list(type.key, language, 'scheduled');
        for (let at = list.length - 1; at >= 0; at--) {
          const { translation } = list.at(at);
          if (translation.dateMs > now) break;
          if (translation.published !== null) return true;
        }
      }
    }
    return false;
  }

  /** Entries read again or added: one of their times may come sooner. */
  note(entries: Iterable<Entry>): void {
    const now = this.options.clock();
    for (const entry of entries) this.nextChange = Math.min(this.nextChange, nextTimeOf(entry, now, this.options.site().timezone));
  }

  /** Scheduled translations whose time came, and date-category entries whose start passed. */
  apply(index: EntryIndex, now: number): void {
    for (const passing of index.values()) {
      if (!hasScheduled(passing)) continue;
      // The entry's own object, not one made for this pass (entry-table.ts): its translations are the lists' rows.
      const id = passing.id;
      const entry = index.get(id)!;
      let updated: Map<string, Translation> | null = null;
      for (const [language, translation] of entry.translations) {
        const fresh = this.rederive(translation, entry.type, id.split('/'));
        if (fresh === translation) continue;
        (updated ??= new Map(entry.translations)).set(language, fresh);
        if (fresh.status === 'published') this.noteDue(id, language);
      }
      // Field by field: a restored entry's dir and slug are getters (restored-entry.ts), which a spread leaves out.
      if (updated) {
        index.set({
          id: entry.id, type: entry.type, dir: entry.dir, slug: entry.slug, parentId: entry.parentId, translations: new TranslationMap(updated.values()),
          style: entry.style, folderMtimeMs: entry.folderMtimeMs, styleMtimeMs: entry.styleMtimeMs, styleSize: entry.styleSize,
        });
      }
    }
    this.recompute(index.values(), now);
    index.changed();
  }

  /** Queues a due scheduled translation for onScheduledDue, after the read that found it. */
  noteDue(entryId: string, language: string): void {
    const onScheduledDue = this.options.onScheduledDue;
    if (!onScheduledDue) return;
    if (this.due.size === 0) {
      setImmediate(() => {
        const due = [...this.due];
        this.due.clear();
        for (const key of due) {
          const [id, lang] = key.split('\n') as [string, string];
          try { onScheduledDue(id, lang); } catch (error) { this.options.log(`svc: could not mark ${id} (${lang}) as published: ${(error as Error).message}`); }
        }
      });
    }
    this.due.add(`${entryId}\n${language}`);
  }

  /** Scheduled entries become published with time alone: re-derive status from the unchanged fields. */
  private rederive(old: Translation, type: ContentType, segments: string[]): Translation {
    if (old.status !== 'scheduled') return old;
    const fresh = buildTranslation({
      language: old.language, dir: old.file.slice(0, -(old.language.length + 3)), mtimeMs: old.mtimeMs, size: old.size, fields: old.fields, body: null, embeds: old.embeds,
      pathSegments: segments.slice(1), pathPrefix: pathPrefixOf(type), site: this.options.site(), now: this.options.clock(), trusted: this.options.trusted,
    });
    return fresh.status === old.status ? old : fresh;
  }
}

function hasScheduled(entry: Entry): boolean {
  for (const translation of entry.translations.values()) if (translation.status === 'scheduled') return true;
  return false;
}

/** The next instant at which this entry changes by time alone: a scheduled time or an event start. */
function nextTimeOf(entry: Entry, now: number, timeZone: string): number {
  let next = Infinity;
  for (const translation of entry.translations.values()) {
    if (translation.status === 'scheduled' && translation.dateMs > now) next = Math.min(next, translation.dateMs);
    if (translation.start !== null) {
      const at = parseSiteTime(translation.start, timeZone);
      if (at !== null && at > now) next = Math.min(next, at);
    }
  }
  return next;
}
