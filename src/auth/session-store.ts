import { randomBytes } from '../lib/node-builtins.js';
import { listRecordNames } from '../lib/record-names.js';
import { join } from 'node:path';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { makeFoldersNoFollow, readTextNoFollow, removeNoFollow } from '../lib/no-follow.js';
import { sha256Hex } from '../lib/safe-compare.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/**
 * A panel session. `stage: 'two_factor'` is the short-lived state between a correct password and a correct
 * code: it proves the password only and opens nothing but the code form.
 */
export interface SessionRecord {
  /** SHA-256 hex of the session id: the file name. The id itself lives only in the person's cookie. */
  key: string;
  account: string;
  stage: 'signed_in' | 'two_factor';
  /** The CSRF token every form of this session carries. */
  csrf: string;
  created: string;
  expires: string;
  /** Where to go after the two-factor step. */
  next?: string;
  /**
   * A two-factor secret being set up on the account page: kept here, bound to this session, until a code
   * from the app proves it (only then is it written to the account). Never taken back from the browser.
   */
  pendingTotp?: PendingTotp;
}

export interface PendingTotp {
  secret: string;
  expires: string;
}

export const SESSION_HOURS = 12;
export const TWO_FACTOR_MINUTES = 5;
/** How long a two-factor secret being set up waits for its first code. */
export const PENDING_TOTP_MINUTES = 10;

type StoredSession = Omit<SessionRecord, 'key'>;

/** A session file's JSON (unknown fields dropped), or undefined when malformed. */
function readSession(value: unknown): StoredSession | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.account !== 'string' || (v.stage !== 'signed_in' && v.stage !== 'two_factor') || typeof v.csrf !== 'string') return undefined;
  if (typeof v.created !== 'string' || typeof v.expires !== 'string' || (v.next !== undefined && typeof v.next !== 'string')) return undefined;
  const session: StoredSession = { account: v.account, stage: v.stage, csrf: v.csrf, created: v.created, expires: v.expires };
  if (v.next !== undefined) session.next = v.next;
  const pending = v.pendingTotp;
  if (pending !== undefined) {
    if (typeof pending !== 'object' || pending === null || Array.isArray(pending)) return undefined;
    const { secret, expires } = pending as Record<string, unknown>;
    if (typeof secret !== 'string' || typeof expires !== 'string') return undefined;
    session.pendingTotp = { secret, expires };
  }
  return session;
}

/** Panel sessions in `data/sessions/<sha256 of id>.json`, so a copy of the folder opens no session. */
export class SessionStore {
  readonly dir: string;

  constructor(private readonly trusted: TrustedFolders, dataDir: string, private readonly clock: () => number) {
    this.dir = join(dataDir, 'sessions');
  }

  /** Starts a session and returns its id (for the cookie only). A new id every time: no fixation. */
  create(account: string, stage: SessionRecord['stage'], next?: string): { id: string; record: SessionRecord } {
    const now = this.clock();
    const id = randomBytes(32).toString('base64url');
    const lifetime = stage === 'signed_in' ? SESSION_HOURS * 3_600_000 : TWO_FACTOR_MINUTES * 60_000;
    const record: SessionRecord = {
      key: sha256Hex(id),
      account,
      stage,
      csrf: randomBytes(24).toString('base64url'),
      created: new Date(now).toISOString(),
      expires: new Date(now + lifetime).toISOString(),
      ...(next ? { next } : {}),
    };
    makeFoldersNoFollow(this.trusted, this.dir, 0o700);
    this.write(record);
    this.sweep(now);
    return { id, record };
  }

  /**
   * Sets (or with undefined clears) the two-factor secret a signed-in session is setting up. Returns the
   * updated record, or undefined when the session has ended meanwhile (nothing is written then). The read
   * and the write are synchronous, so within one process an ending of the session cannot fall between them.
   */
  setPendingTotp(id: string, pending: PendingTotp | undefined): SessionRecord | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    const { pendingTotp: _old, ...rest } = current;
    const next: SessionRecord = pending ? { ...rest, pendingTotp: pending } : rest;
    this.write(next);
    return next;
  }

  /** The live session for a cookie value, or undefined (unknown, malformed or expired). */
  get(id: string): SessionRecord | undefined {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
    const key = sha256Hex(id);
    let session;
    try {
      session = readSession(JSON.parse(readTextNoFollow(this.trusted, join(this.dir, `${key}.json`))));
    } catch {
      return undefined;
    }
    if (!session) return undefined;
    if (Date.parse(session.expires) <= this.clock()) {
      this.removeKey(key);
      return undefined;
    }
    return { key, ...session };
  }

  /** Ends a session (sign-out, or the two-factor stage giving way to a full session). */
  remove(id: string): void {
    if (/^[A-Za-z0-9_-]{43}$/.test(id)) this.removeKey(sha256Hex(id));
  }

  /** Ends every session of an account (its removal, or a new password). */
  removeAccount(account: string): void {
    for (const name of this.names()) {
      try {
        const session = readSession(JSON.parse(readTextNoFollow(this.trusted, join(this.dir, name))));
        if (session && session.account === account) this.removeKey(name.slice(0, -5));
      } catch { /* gone meanwhile */ }
    }
  }

  private names(): string[] {
    // listRecordNames also removes what interrupted writes left behind.
    return listRecordNames(this.trusted, this.dir, '.json').map((name) => `${name}.json`).filter((name) => /^[0-9a-f]{64}\.json$/.test(name));
  }

  private write(record: SessionRecord): void {
    const { key, ...stored } = record;
    writeFileAtomic(this.trusted, join(this.dir, `${key}.json`), JSON.stringify(stored) + '\n', 0o600);
  }

  private removeKey(key: string): void {
    try { removeNoFollow(this.trusted, join(this.dir, `${key}.json`)); } catch { /* already gone */ }
  }

  // Expired sessions are deleted when a new one starts, so the folder stays small without a timer.
  private sweep(now: number): void {
    for (const name of this.names()) {
      try {
        const session = readSession(JSON.parse(readTextNoFollow(this.trusted, join(this.dir, name))));
        if (!session || Date.parse(session.expires) <= now) this.removeKey(name.slice(0, -5));
      } catch { /* gone meanwhile */ }
    }
  }
}
