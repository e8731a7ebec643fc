// Where a consumer of the change feed (cache purges, webhooks, notifications) has got to, kept in
// data/feed/cursors/<name>.json so that a restart goes on where it stopped: nothing missed, and nothing twice
// unless the consumer stopped between handling an event and saving its cursor.
import { writeFileAtomic, writeFileAtomicAsync } from '../lib/atomic-write.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';

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
      return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null;
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
