// What the Content API's list rows cache (list-rows.ts) knows of each kept row beside its bytes
// (packed-rows.ts, row-slots.ts), in arrays by slot: numbers in typed arrays, and the few objects a row refers to.
import type { Translation } from '../../content/entries/types.js';
import type { KeptCover, KeptTags } from './list-row-parts.js';
import { widened } from './row-slots.js';

export class RowFacts {
  /** The translation object it was last asked for (the index's own, while the file is unchanged). */
  translation: Array<Translation | null> = [];
  id: string[] = [];
  tags: KeptTags[] = [];
  /** The cover it was made with (null: none named). */
  image: Array<KeptCover | null> = [];
  /** The cover's bytes (COVER_KEY and its JSON) when they are shared, not in the record. */
  coverBytes: Array<Buffer | null> = [];
  /** The file's stamp when it was read: the row holds while the index has the same one. */
  mtimeMs = new Float64Array(0);
  fileSize = new Float64Array(0);
  /** Made at this content generation, for these settings (SettingsNumbers). */
  generation = new Float64Array(0);
  settings = new Int32Array(0);
  /** Where in the head's bytes the excerpt's JSON is, and in the tail's the translations end and the fields start. */
  excerptAt = new Int32Array(0);
  excerptEnd = new Int32Array(0);
  translationsEnd = new Int32Array(0);
  fieldsAt = new Int32Array(0);

  /** The typed arrays, as the slots grow (the others grow as they are written). */
  grow(capacity: number): void {
    for (const name of ['mtimeMs', 'fileSize', 'generation'] as const) this[name] = widened(this[name], capacity);
    for (const name of ['settings', 'excerptAt', 'excerptEnd', 'translationsEnd', 'fieldsAt'] as const) this[name] = widened(this[name], capacity);
  }

  /** A free slot holds nothing that would keep an object alive. */
  clear(slot: number): void {
    this.translation[slot] = null;
    this.id[slot] = '';
    this.image[slot] = null;
    this.coverBytes[slot] = null;
  }
}

/**
 * A number for each site address and time zone met, so a row says what it was made for in 4 bytes: rows
 * made for other settings are made again.
 */
export class SettingsNumbers {
  private readonly numbers = new Map<string, number>();
  private count = 0;
  private lastUrl: string | null = null;
  private lastTimezone: string | null = null;
  private last = 0;

  of(url: string, timezone: string): number {
    if (url === this.lastUrl && timezone === this.lastTimezone) return this.last;
    const key = `${url}\u0000${timezone}`;
    let number = this.numbers.get(key);
    if (number === undefined) {
      // Settings change seldom; a process that met very many (tests) forgets them (numbers are never reused).
      if (this.numbers.size >= 64) this.numbers.clear();
      this.numbers.set(key, (number = ++this.count));
    }
    this.lastUrl = url;
    this.lastTimezone = timezone;
    return (this.last = number);
  }
}
