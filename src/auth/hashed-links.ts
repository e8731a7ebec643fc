// Links whose secret the site never keeps: a folder of `<sha256 hex of the secret>.json` records, each with
// its creation and end time. Knowing a record's name (its id, which the panel shows to withdraw it) does
// not give the secret, and a record past its end is removed the moment it is read. Team invitations and
// resets (one-time-links.ts) and preview links (content/write/preview-links.ts) are two folders of these.
import { createHash, randomBytes } from '../lib/node-builtins.js';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/** What every record holds besides its own facts: ISO 8601 UTC times. */
export interface LinkTimes {
  created: string;
  expires: string;
}

/** 32 random bytes, base64url: 43 characters. */
export const LINK_SECRET = /^[A-Za-z0-9_-]{43}$/;
const LINK_ID = /^[0-9a-f]{64}$/;

export const linkIdOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export class HashedLinkFolder<R extends LinkTimes> {
  constructor(private readonly trusted: TrustedFolders, readonly dir: string, private readonly clock: () => number) {}

  /** Makes a link that ends `lifetimeMs` from now; returns its secret (shown once, never stored), id and record. */
  create(facts: Omit<R, keyof LinkTimes>, lifetimeMs: number): { secret: string; id: string; record: R } {
    const secret = randomBytes(32).toString('base64url');
    const now = this.clock();
    const record = { ...facts, created: new Date(now).toISOString(), expires: new Date(now + lifetimeMs).toISOString() } as R;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const id = linkIdOf(secret);
    this.write(id, record);
    return { secret, id, record };
  }

  /** The record a secret opens, while it is there and has not ended. */
  peek(secret: string): R | null {
    return LINK_SECRET.test(secret) ? this.read(linkIdOf(secret)) : null;
  }

  /**
   * Takes the record away under its lock and returns it (null when it is gone or ended): of two takers at
   * once, one gets it.
   */
  take(secret: string): { id: string; record: R } | null {
    if (!LINK_SECRET.test(secret)) return null;
    const id = linkIdOf(secret);
    const record = withFileLock(this.trusted, join(this.dir, `.${id}.lock`), () => {
      const found = this.read(id);
      if (found) rmSync(this.fileOf(id), { force: true });
      return found;
    });
    return record ? { id, record } : null;
  }

  /** Puts a taken record back (the use it was taken for was refused). */
  putBack(id: string, record: R): void {
    this.write(id, record);
  }

  /** Open links, newest first, with their ids; ended ones are removed on the way. */
  list(): Array<{ id: string; record: R }> {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((name) => name.length === 69 && name.endsWith('.json') && LINK_ID.test(name.slice(0, 64)));
    } catch {
      return [];
    }
    return names.map((name) => ({ id: name.slice(0, 64), record: this.read(name.slice(0, 64)) }))
      .filter((item): item is { id: string; record: R } => item.record !== null)
      .sort((a, b) => b.record.created.localeCompare(a.record.created));
  }

  /** Ends a link at once; false when there is no open link with this id. */
  withdraw(id: string): boolean {
    if (!LINK_ID.test(id) || !this.read(id)) return false;
    rmSync(this.fileOf(id), { force: true });
    return true;
  }

  /** The open record with this id (its hash), or null. */
  read(id: string): R | null {
    if (!LINK_ID.test(id)) return null;
    try {
      const record = JSON.parse(readFileSync(this.fileOf(id), 'utf8')) as R;
      if (!(Date.parse(record.expires) > this.clock())) {
        rmSync(this.fileOf(id), { force: true });
        return null;
      }
      return record;
    } catch {
      return null;
    }
  }

  private fileOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private write(id: string, record: R): void {
    writeFileAtomic(this.trusted, this.fileOf(id), JSON.stringify(record) + '\n', 0o600);
  }
}
