// How the purges fare, for the panel's Site check in any instance: written by the process that sends them
// (data/feed/purge-status.json), read by whoever shows it. No key or token is ever in it.
import { writeFileAtomic } from '../lib/atomic-write.js';
import { readTextNoFollow } from '../lib/no-follow.js';

export interface TargetState {
  name: string;
  kind: string;
  /** The address, service or zone (never its token). */
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
  constructor(private readonly file: string) {}

  save(state: TargetState): void {
    const all = this.read().filter((item) => item.name !== state.name);
    all.push({ ...state });
    all.sort((a, b) => a.name.localeCompare(b.name));
    try { writeFileAtomic(this.file, JSON.stringify(all) + '\n', 0o600); } catch { /* shown as it was; the purges go on */ }
  }

  read(): TargetState[] {
    try {
      const value = JSON.parse(readTextNoFollow(this.file)) as unknown;
      return Array.isArray(value) ? (value as TargetState[]) : [];
    } catch {
      return [];
    }
  }
}
