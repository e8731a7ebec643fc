// One-time links an admin hands to a person (no mail server needed: the panel shows the link to copy): an
// invitation to join with a role, or a reset of a person's password or two-factor sign-in. Each is kept
// only as the SHA-256 hash of its secret (`data/links/<hash>.json`, hashed-links.ts), works once (taking it
// removes the file under a lock, so two uses at once give one success), and ends after 7 days.
import { join } from 'node:path';
import { AppError } from '../errors.js';
import { HashedLinkFolder } from './hashed-links.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export const LINK_DAYS = 7;
const LINK_MS = LINK_DAYS * 24 * 3600_000;

export type OneTimeLink =
  | { kind: 'invite'; email: string; role: string; created: string; expires: string; createdBy: string }
  | { kind: 'reset'; account: string; what: 'password' | 'two_factor'; created: string; expires: string; createdBy: string };

export type NewLink = Omit<Extract<OneTimeLink, { kind: 'invite' }>, 'created' | 'expires'> | Omit<Extract<OneTimeLink, { kind: 'reset' }>, 'created' | 'expires'>;

export class OneTimeLinks {
  private readonly folder: HashedLinkFolder<OneTimeLink>;

  constructor(trusted: TrustedFolders, dataDir: string, clock: () => number) {
    this.folder = new HashedLinkFolder<OneTimeLink>(trusted, join(dataDir, 'links'), clock);
  }

  /** Makes a link; returns its secret (shown once, never stored) and the record. */
  create(link: NewLink): { secret: string; id: string; record: OneTimeLink } {
    return this.folder.create(link as Omit<OneTimeLink, 'created' | 'expires'>, LINK_MS);
  }

  /** The link a secret names, if it is there and still valid (not taken). */
  peek(secret: string): OneTimeLink | null {
    return this.folder.peek(secret);
  }

  /**
   * Takes the link: it works once. It is removed under its lock before `use` runs, so of two uses at once one
   * finds it gone; when `use` refuses (a password too short), the link is put back to be used again.
   */
  async take<T>(secret: string, use: (link: OneTimeLink) => Promise<T>): Promise<T> {
    const taken = this.folder.take(secret);
    if (!taken) throw expired();
    try {
      return await use(taken.record);
    } catch (error) {
      this.folder.putBack(taken.id, taken.record);
      throw error;
    }
  }

  /** Open links, newest first, with their ids (hashes) for withdrawing; expired ones are removed on the way. */
  list(): Array<{ id: string; record: OneTimeLink }> {
    return this.folder.list();
  }

  withdraw(id: string): boolean {
    return this.folder.withdraw(id);
  }

  /**
   * Ends the links a person made, invitations and reset links (removed: an admin put out of the team could
   * have invited a second account for themselves before; another admin makes them again where meant).
   */
  withdrawMadeBy(account: string): void {
    for (const { id, record } of this.list()) if (record.createdBy === account) this.withdraw(id);
  }

  /** Ends every link for a person (removed, or given a new link of the same kind). */
  withdrawFor(account: string, what?: 'password' | 'two_factor'): void {
    for (const { id, record } of this.list()) if (record.kind === 'reset' && record.account === account && (what === undefined || record.what === what)) this.withdraw(id);
  }
}

function expired(): AppError {
  return new AppError('not_found', 'This link does not work: it was used already, withdrawn, or is older than 7 days. Ask an admin of the site for a new one.');
}
