// Refresh tokens: data/oauth/refresh/<sha256 of the token>.json. The token itself is never stored. A used
// (rotated) record stays until its own expiry and points at its successor, so presenting it again finds
// the grant's current tokens and ends them (OAuth 2.1 §4.3.1, refresh token reuse detection).
import { randomBytes } from '../lib/node-builtins.js';
import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/safe-compare.js';
import { RecordFolder } from './record-folder.js';
import { isString, isStringOrNull, isStrings, recordShape } from './record-shape.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export const REFRESH_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

export interface RefreshRecord {
  /** Shared by every refresh token descended from one authorization code. */
  grantId: string;
  clientId: string;
  accountId: string;
  scopes: string[];
  resource: string;
  /** The access token issued beside this refresh token (SHA-256 hex: its id in the token store). */
  accessTokenId: string;
  accessExpiresAt: string;
  createdAt: string;
  expiresAt: string;
  rotatedAt: string | null;
  /** Hash of the refresh token that replaced this one. */
  next: string | null;
}

const readRecord = recordShape<RefreshRecord>({
  grantId: isString,
  clientId: isString,
  accountId: isString,
  scopes: isStrings,
  resource: isString,
  accessTokenId: isString,
  accessExpiresAt: isString,
  createdAt: isString,
  expiresAt: isString,
  rotatedAt: isStringOrNull,
  next: isStringOrNull,
});

export type NewRefreshRecord = Omit<RefreshRecord, 'createdAt' | 'expiresAt' | 'rotatedAt' | 'next'>;

/** Refresh token text: a prefix that says what it is, then 256 random bits. */
const PREFIX = 'svcr_';

export class RefreshStore {
  readonly folder: RecordFolder<RefreshRecord>;

  constructor(trusted: TrustedFolders, dataDir: string, private readonly clock: Clock) {
    this.folder = new RecordFolder(trusted, join(dataDir, 'oauth', 'refresh'), /^[a-f0-9]{64}$/, readRecord);
  }

  /** Stores a new refresh token; returns its text and its hash. */
  issue(grant: NewRefreshRecord): { token: string; hash: string } {
    const token = PREFIX + randomBytes(32).toString('base64url');
    const hash = sha256Hex(token);
    const now = this.clock();
    this.folder.write(hash, {
      ...grant,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + REFRESH_LIFETIME_MS).toISOString(),
      rotatedAt: null,
      next: null,
    });
    return { token, hash };
  }

  /** The live (not rotated) record at the end of the chain that starts at `hash`, if any. */
  findCurrent(hash: string): { hash: string; record: RefreshRecord } | undefined {
    let current = hash;
    for (let step = 0; step < 10_000; step++) {
      const record = this.folder.read(current);
      if (!record) return undefined;
      if (!record.next) return record.rotatedAt ? undefined : { hash: current, record };
      current = record.next;
    }
    return undefined;
  }

  removeExpired(): number {
    let removed = 0;
    const now = this.clock();
    for (const id of this.folder.ids()) {
      const record = this.folder.read(id);
      if (!record || Date.parse(record.expiresAt) <= now) {
        this.folder.remove(id);
        removed++;
      }
    }
    return removed;
  }
}
