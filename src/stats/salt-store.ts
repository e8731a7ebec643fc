import { createHmac, randomBytes } from '../lib/node-builtins.js';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { withFileLock } from '../lib/file-lock.js';
import { fileProblemReason } from '../lib/file-problem.js';
import { SaveFailedError } from '../lib/save-failure.js';
import { isAppError } from '../errors.js';
import { addDays } from '../lib/day-math.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/** Makes the salt for a day; tests inject a fixed one. */
export type SaltSource = (day: string) => Buffer;
export const randomSalt: SaltSource = () => randomBytes(32);

/**
 * Daily salts in `salts.json`: the salt of today (site time zone) and of yesterday. A salt is made when its
 * day is first needed and deleted once the day after next begins, so none lives more than 48 hours. Several
 * processes share the file; the first to need a new day's salt makes it under a lock, the others read it.
 */
export class SaltStore {
  private readonly file: string;
  private cache = new Map<string, Buffer>();

  constructor(private readonly trusted: TrustedFolders, private readonly dir: string, private readonly source: SaltSource = randomSalt) {
    this.file = join(dir, 'salts.json');
  }

  /**
   * The salt for `day`, made if it does not exist yet. Older salts are deleted on the way. When the disk
   * refuses (full, read-only), the day's salt is kept in this process only: visits are still told apart,
   * and a page view never fails for want of a saved salt.
   */
  saltFor(day: string): Buffer {
    const cached = this.cache.get(day);
    if (cached) return cached;
    try {
      return this.savedSaltFor(day);
    } catch (error) {
      if (!(error instanceof SaveFailedError) && (isAppError(error) || fileProblemReason(error) === null)) throw error;
      const salt = this.source(day);
      this.cache.set(day, salt);
      return salt;
    }
  }

  private savedSaltFor(day: string): Buffer {
    return withFileLock(this.trusted, join(this.dir, 'salts.lock'), () => {
      const salts = this.read();
      let hex = salts[day];
      if (!hex) {
        hex = this.source(day).toString('hex');
        salts[day] = hex;
      }
      const kept = prune(salts, day);
      writeFileAtomic(this.trusted, this.file, JSON.stringify({ salts: kept }) + '\n', 0o600);
      this.cache = new Map(Object.entries(kept).map(([d, h]) => [d, Buffer.from(h, 'hex')]));
      return Buffer.from(hex, 'hex');
    });
  }

  /** Deletes every salt older than yesterday (called by the rollup catch-up, so salts go even without traffic). */
  prune(today: string): void {
    withFileLock(this.trusted, join(this.dir, 'salts.lock'), () => {
      const salts = this.read();
      const kept = prune(salts, today);
      if (Object.keys(kept).length !== Object.keys(salts).length) writeFileAtomic(this.trusted, this.file, JSON.stringify({ salts: kept }) + '\n', 0o600);
      this.cache = new Map(Object.entries(kept).map(([d, h]) => [d, Buffer.from(h, 'hex')]));
    });
  }

  /** The days that have a salt on disk now (for tests and the README's promise). */
  days(): string[] {
    return Object.keys(this.read()).sort();
  }

  private read(): Record<string, string> {
    try {
      const parsed = JSON.parse(readTextNoFollow(this.trusted, this.file)) as { salts?: Record<string, string> };
      return parsed.salts && typeof parsed.salts === 'object' ? { ...parsed.salts } : {};
    } catch {
      return {};
    }
  }
}

function prune(salts: Record<string, string>, today: string): Record<string, string> {
  const yesterday = addDays(today, -1);
  const kept: Record<string, string> = {};
  for (const [day, hex] of Object.entries(salts)) if (day === today || day === yesterday) kept[day] = hex;
  return kept;
}

/** The visitor key: HMAC-SHA256(salt, ip, user agent, site), shortened — it only has to tell visitors apart for a day. */
export function visitorHash(salt: Buffer, ip: string, userAgent: string, site: string): string {
  return createHmac('sha256', salt).update(`${ip}\n${userAgent}\n${site}`).digest('base64url').slice(0, 16);
}
