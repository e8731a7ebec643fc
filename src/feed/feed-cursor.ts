// Where a consumer of the change feed (cache purges, webhooks, notifications) has got to, kept in
// data/feed/cursors/<name>.json so that a restart goes on where it stopped: nothing missed, and nothing twice
// unless the consumer stopped between handling an event and saving its cursor.
import { writeFileAtomic, writeFileAtomicAsync } from '../lib/atomic-write.js';
import { listFolderNoFollow, readTextNoFollow } from '../lib/no-follow.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { isSeq } from './change-event.js';

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export class FeedCursor {
  private readonly file: string;

  /** `name`: the consumer's, lower-case letters, digits and hyphens. */
  constructor(private readonly trusted: TrustedFolders, feedDir: string, name: string) {
    if (!NAME.test(name)) throw new Error(`A feed cursor's name is lower-case letters, digits and hyphens: ${JSON.stringify(name)}.`);
    this.file = join(feedDir, 'cursors', `${name}.json`);
  }

  /** The last seq handled, or null when none was saved (or the file is damaged: the consumer starts anew). */
  load(): number | null {
    try {
      const value = (JSON.parse(readTextNoFollow(this.trusted, this.file)) as { seq?: unknown }).seq;
      return value === 0 || isSeq(value) ? value : null;
    } catch {
      return null;
    }
  }

  save(seq: number): void {
    writeFileAtomic(this.trusted, this.file, JSON.stringify({ seq }) + '\n', 0o600);
  }

  /** save, written on the thread pool (for a consumer that must not hold up requests). */
  async saveAsync(seq: number): Promise<void> {
    const bytes = Buffer.from(JSON.stringify({ seq }) + '\n');
    await writeFileAtomicAsync(this.trusted, this.file, (writeAt) => writeAt(bytes, 0), 0o600);
  }
}

/**
 * The highest seq any consumer's cursor holds (0 when none): evidence of how far the feed went that outlives
 * a segment cut short, so the writer never hands out a seq a consumer already has (change-feed.ts).
 */
export function highestCursorSeq(trusted: TrustedFolders, feedDir: string): number {
  let names: string[];
  try {
    names = listFolderNoFollow(trusted, join(feedDir, 'cursors')).filter((item) => item.isFile() && item.name.endsWith('.json')).map((item) => item.name.slice(0, -'.json'.length));
  } catch {
    return 0;
  }
  let highest = 0;
  for (const name of names) {
    if (!NAME.test(name)) continue;
    const seq = new FeedCursor(trusted, feedDir, name).load();
    if (seq !== null && seq > highest) highest = seq;
  }
  return highest;
}
