// One-time links an admin hands to a person (no mail server needed: the panel shows the link to copy): an
// invitation to join with a role, or a reset of a person's password or two-factor sign-in. Each is kept
// only as the SHA-256 hash of its secret (`data/links/<hash>.json`), works once (taking it removes the file
// under a lock, so two uses at once give one success), and ends after 7 days.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import { AppError } from '../errors.js';

export const LINK_DAYS = 7;
const LINK_MS = LINK_DAYS * 24 * 3600_000;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export type OneTimeLink =
  | { kind: 'invite'; email: string; role: string; created: string; expires: string; createdBy: string }
  | { kind: 'reset'; account: string; what: 'password' | 'two_factor'; created: string; expires: string; createdBy: string };

export type NewLink = Omit<Extract<OneTimeLink, { kind: 'invite' }>, 'created' | 'expires'> | Omit<Extract<OneTimeLink, { kind: 'reset' }>, 'created' | 'expires'>;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export class OneTimeLinks {
  private readonly dir: string;

  constructor(dataDir: string, private readonly clock: () => number) {
    this.dir = join(dataDir, 'links');
  }

  /** Makes a link; returns its secret (shown once, never stored) and the record. */
  create(link: NewLink): { secret: string; id: string; record: OneTimeLink } {
    const secret = randomBytes(32).toString('base64url');
    const now = this.clock();
    const record = { ...link, created: new Date(now).toISOString(), expires: new Date(now + LINK_MS).toISOString() } as OneTimeLink;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const id = hashOf(secret);
    writeFileAtomic(join(this.dir, `${id}.json`), JSON.stringify(record) + '\n', 0o600);
    return { secret, id, record };
  }

  /** The link a secret names, if it is there and still valid (not taken). */
  peek(secret: string): OneTimeLink | null {
    if (!SECRET.test(secret)) return null;
    return this.read(hashOf(secret));
  }

  /**
   * Takes the link: it works once. It is removed under its lock before `use` runs, so of two uses at once one
   * finds it gone; when `use` refuses (a password too short), the link is put back to be used again.
   */
  async take<T>(secret: string, use: (link: OneTimeLink) => Promise<T>): Promise<T> {
    if (!SECRET.test(secret)) throw expired();
    const id = hashOf(secret);
    const file = join(this.dir, `${id}.json`);
    const link = withFileLock(join(this.dir, `.${id}.lock`), () => {
      const found = this.read(id);
      if (found) rmSync(file, { force: true });
      return found;
    });
    if (!link) throw expired();
    try {
      return await use(link);
    } catch (error) {
      writeFileAtomic(file, JSON.stringify(link) + '\n', 0o600);
      throw error;
    }
  }

  /** Open links, newest first, with their ids (hashes) for withdrawing; expired ones are removed on the way. */
  list(): Array<{ id: string; record: OneTimeLink }> {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((name) => /^[0-9a-f]{64}\.json$/.test(name));
    } catch {
      return [];
    }
    return names.map((name) => ({ id: name.slice(0, 64), record: this.read(name.slice(0, 64)) }))
      .filter((item): item is { id: string; record: OneTimeLink } => item.record !== null)
      .sort((a, b) => b.record.created.localeCompare(a.record.created));
  }

  withdraw(id: string): boolean {
    if (!/^[0-9a-f]{64}$/.test(id) || !this.read(id)) return false;
    rmSync(join(this.dir, `${id}.json`), { force: true });
    return true;
  }

  /** Ends every link for a person (removed, or given a new link of the same kind). */
  withdrawFor(account: string, what?: 'password' | 'two_factor'): void {
    for (const { id, record } of this.list()) if (record.kind === 'reset' && record.account === account && (what === undefined || record.what === what)) this.withdraw(id);
  }

  private read(id: string): OneTimeLink | null {
    try {
      const record = JSON.parse(readFileSync(join(this.dir, `${id}.json`), 'utf8')) as OneTimeLink;
      if (Date.parse(record.expires) <= this.clock()) {
        rmSync(join(this.dir, `${id}.json`), { force: true });
        return null;
      }
      return record;
    } catch {
      return null;
    }
  }
}

function expired(): AppError {
  return new AppError('not_found', 'This link does not work: it was used already, withdrawn, or is older than 7 days. Ask an admin of the site for a new one.');
}
