// How the purges fare, for the panel's Site check in any instance: written by the process that sends them
// (data/feed/purge-status.json), read by whoever shows it. No key or token is ever in it: a target is named
// by publicName (an address without user info or query), also when read from a file an earlier version wrote.
import { writeFileAtomicAsync } from '../lib/atomic-write.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';
import { publicName } from './edge-settings.js';

export interface TargetState {
  name: string;
  kind: string;
  /** The address (scheme, host, port, path: never its user info or query), service or zone; never a token. */
  where: string;
  /** The last feed event purged. */
  seq: number;
  lastPurgeAt: string | null;
  lastError: string | null;
  failingSince: string | null;
  /** Events waiting while it fails. */
  pending: number;
}

export class PurgeStatus {
  /** Saves one after another (each target's purger saves its own line into the one file). */
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly trusted: TrustedFolders, private readonly file: string) {}

  /** Written on the thread pool, so a purge after a write holds up no request; resolves once on disk (or given up). */
  save(state: TargetState): Promise<void> {
    const copy = { ...state, where: publicName(state.where) };
    this.saving = this.saving.then(async () => {
      const all = this.read().filter((item) => item.name !== copy.name);
      all.push(copy);
      all.sort((a, b) => a.name.localeCompare(b.name));
      const bytes = Buffer.from(JSON.stringify(all) + '\n');
      try { await writeFileAtomicAsync(this.trusted, this.file, (writeAt) => writeAt(bytes, 0), 0o600); } catch { /* shown as it was; the purges go on */ }
    }).catch(() => { /* never rejects, so one failure does not hold back every save after it */ });
    return this.saving;
  }

  /**
   * One target's line, for a purger whose cursor is gone: 'none' when the file has no line for it (or there is
   * no file: no purge was sent or failed yet), 'unreadable' when the file is damaged.
   */
  find(name: string): TargetState | 'none' | 'unreadable' {
    const all = this.lines();
    return all === 'unreadable' ? all : all.find((item) => item?.name === name) ?? 'none';
  }

  read(): TargetState[] {
    const all = this.lines();
    return all === 'unreadable' ? [] : all;
  }

  /** The file's lines: none when there is no file, 'unreadable' when it is damaged. */
  private lines(): TargetState[] | 'unreadable' {
    let text: string;
    try {
      text = readTextNoFollow(this.trusted, this.file);
    } catch (error) {
      return (error as NodeJS.ErrnoException)?.code === 'ENOENT' ? [] : 'unreadable';
    }
    try {
      const value = JSON.parse(text) as unknown;
      // Lines written before targets were named without their secrets are shown so too.
      return Array.isArray(value) ? (value as TargetState[]).map((item) => (typeof item?.where === 'string' ? { ...item, where: publicName(item.where) } : item)) : 'unreadable';
    } catch {
      return 'unreadable';
    }
  }
}
