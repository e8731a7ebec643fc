import { makeFoldersNoFollow } from '../lib/no-follow.js';
import { SCOPES, type Scope } from './principal.js';
import { FileCache } from './file-cache.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import { listRecordNames } from '../lib/record-names.js';
import { join, sep } from 'node:path';
import { hash, randomInt } from '../lib/node-builtins.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';
// The writing code is imported with the module, not required on first use: a stdio session recording a
// token's use (require() of lib/file-lock.js) while a tool's module graph holding the same module was being
// imported crashed Node 20's loader ("Cannot require() ES Module ... not yet fully loaded").

/** A token as stored in `data/tokens/<id>.json`; the id is the SHA-256 hex of the token text. */
export interface TokenRecord {
  id: string;
  name: string;
  /** Account id of the person the token acts as. */
  owner: string;
  scopes: Scope[];
  /** ISO 8601 times; `expires` null = no end; `last_used` null = never used. */
  created: string;
  expires: string | null;
  last_used: string | null;
  /** The OAuth client the token was issued to, when it came from the OAuth flow. */
  oauth_client?: string;
}

/** The spec's expiry choices and their lengths in days (null = no end). 90 days is the default. */
export const EXPIRY_CHOICES = { '30d': 30, '90d': 90, '1y': 365, none: null } as const satisfies Record<string, number | null>;
export type ExpiryChoice = keyof typeof EXPIRY_CHOICES;
export const DEFAULT_EXPIRY: ExpiryChoice = '90d';

export function isExpiryChoice(value: string): value is ExpiryChoice {
  return Object.hasOwn(EXPIRY_CHOICES, value);
}

const TOKEN_PREFIX = 'svc_';
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_SHAPE = /^svc_[A-Za-z0-9]{40}$/;
const TOKEN_ID = /^[0-9a-f]{64}$/;
/** last_used is written at most this often, so a busy token does not rewrite its file on every request. */
export const LAST_USED_INTERVAL_MS = 60_000;
/** How many token texts findLive remembers the file name of; the memory is dropped whole when full. */
const RECENT_PATHS_MAX = 1_000;

/** A new token text: `svc_` + 40 letters and digits, each drawn uniformly by crypto.randomInt. */
export function generateTokenText(): string {
  let out = TOKEN_PREFIX;
  for (let i = 0; i < 40; i++) out += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return out;
}

/** Whether a text has the shape of one of our tokens (checked before any file is looked at). */
export function looksLikeToken(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

/** The token's id: the SHA-256 hex of its text, the only form ever stored. */
export function hashToken(text: string): string {
  // The one-shot crypto.hash: a third of createHash's cost, and it runs on every request.
  return hash('sha256', text, 'hex');
}

/** A token file's JSON as a record (unknown fields dropped, unknown scopes ignored), or null when malformed. */
function readRecord(value: unknown, id: string): TokenRecord | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.name !== 'string' || typeof v.owner !== 'string' || !Array.isArray(v.scopes) || !v.scopes.every((s) => typeof s === 'string')) return null;
  if (typeof v.created !== 'string' || !isTextOrNull(v.expires) || !isTextOrNull(v.last_used)) return null;
  if (v.oauth_client !== undefined && typeof v.oauth_client !== 'string') return null;
  const scopes = (v.scopes as string[]).filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
  const record: TokenRecord = { id, name: v.name, owner: v.owner, scopes, created: v.created, expires: v.expires, last_used: v.last_used };
  if (v.oauth_client !== undefined) record.oauth_client = v.oauth_client;
  return record;
}

function isTextOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/** A cached token file: the record with its times read once, since verify looks at them on every request. */
export interface StoredToken {
  record: TokenRecord;
  expiresMs: number;
}

/** Token files. Only hashes are ever written; the text exists in memory once, when it is created. */
export class TokenStore {
  readonly dir: string;
  private readonly cache: FileCache<StoredToken | null>;
  /** Token text -> its file, for the texts seen lately: spares a SHA-256 on every request of a busy token. */
  private readonly recentPaths = new Map<string, string>();
  /** last_used of a cached record as a number, parsed once rather than on every request. */
  private readonly lastUsedMs = new WeakMap<TokenRecord, number>();
  /** `<dir>/`: file names are built by concatenation, path.join on every request costs more than the rest. */
  private readonly prefix: string;

  constructor(private readonly trusted: TrustedFolders, dataDir: string, private readonly clock: () => number) {
    this.dir = join(dataDir, 'tokens');
    this.prefix = this.dir + sep;
    this.cache = new FileCache(trusted, (text, path) => {
      let record: TokenRecord | null;
      try {
        record = readRecord(JSON.parse(text), path.slice(path.length - 69, path.length - 5));
      } catch {
        return null;
      }
      return record && { record, expiresMs: record.expires === null ? Infinity : Date.parse(record.expires) };
    });
  }

  /** Only for a checked id (64 hex digits). */
  private file(id: string): string {
    return `${this.prefix}${id}.json`;
  }

  /** Mints a token. The caller checks the scopes against the owner's role first (see AuthService). */
  create(input: { owner: string; name: string; scopes: Scope[]; expiresInDays: number | null; oauthClientId?: string }): { token: string; record: TokenRecord } {
    const now = this.clock();
    const token = generateTokenText();
    const record: TokenRecord = {
      id: hashToken(token),
      name: input.name,
      owner: input.owner,
      scopes: [...new Set(input.scopes)],
      created: new Date(now).toISOString(),
      expires: input.expiresInDays === null ? null : new Date(now + input.expiresInDays * 86_400_000).toISOString(),
      last_used: null,
      ...(input.oauthClientId ? { oauth_client: input.oauthClientId } : {}),
    };
    makeFoldersNoFollow(this.trusted, this.dir, 0o700);
    this.write(record);
    return { token, record };
  }

  /** The record for a token id (hash), or undefined. */
  get(id: string): TokenRecord | undefined {
    if (!TOKEN_ID.test(id)) return undefined;
    return this.cache.read(this.file(id))?.record;
  }

  /** The record for a token text, or undefined; malformed texts never touch the disk. */
  find(token: string): TokenRecord | undefined {
    return looksLikeToken(token) ? this.cache.read(this.file(hashToken(token)))?.record : undefined;
  }

  /**
   * The record for a token text when it exists and has not expired (the bearer check). The file is looked at
   * (one stat) every time, so a token revoked by another process fails at its next use.
   */
  findLive(token: string): StoredToken | undefined {
    let path = this.recentPaths.get(token);
    if (path === undefined) {
      if (!looksLikeToken(token)) return undefined;
      path = this.file(hashToken(token));
      if (this.recentPaths.size >= RECENT_PATHS_MAX) this.recentPaths.clear();
      this.recentPaths.set(token, path);
    }
    const stored = this.cache.read(path);
    return stored && !(stored.expiresMs <= this.clock()) ? stored : undefined;
  }

  isExpired(record: TokenRecord): boolean {
    return record.expires !== null && Date.parse(record.expires) <= this.clock();
  }

  /** All tokens, or one person's, newest first. */
  list(owner?: string): TokenRecord[] {
    return listRecordNames(this.trusted, this.dir, '.json')
      .map((id) => this.get(id))
      .filter((record): record is TokenRecord => record !== undefined && (owner === undefined || record.owner === owner))
      .sort((a, b) => b.created.localeCompare(a.created) || a.id.localeCompare(b.id));
  }

  /** Deletes the token file; the next request with the token fails. False when there was none. */
  revoke(id: string): boolean {
    if (!TOKEN_ID.test(id)) return false;
    return withFileLock(this.trusted, join(this.dir, `.${id}.lock`), () => this.cache.remove(this.file(id)));
  }

  /**
   * Records a use. Written only when the stored time is a minute old or more; done under the token's lock
   * and re-read there, so a token revoked meanwhile is not written back into existence.
   */
  touch(record: TokenRecord): void {
    const now = this.clock();
    if (record.last_used !== null) {
      let lastUsed = this.lastUsedMs.get(record);
      if (lastUsed === undefined) this.lastUsedMs.set(record, (lastUsed = Date.parse(record.last_used)));
      if (now - lastUsed < LAST_USED_INTERVAL_MS) return;
    }
    withFileLock(this.trusted, join(this.dir, `.${record.id}.lock`), () => {
      this.cache.forget(this.file(record.id));
      const current = this.get(record.id);
      if (!current) return;
      if (current.last_used !== null && now - Date.parse(current.last_used) < LAST_USED_INTERVAL_MS) return;
      this.write({ ...current, last_used: new Date(now).toISOString() });
    });
  }

  private write(record: TokenRecord): void {
    const { id, ...stored } = record;
    writeFileAtomic(this.trusted, this.file(id), JSON.stringify(stored, null, 2) + '\n', 0o600);
    this.cache.forget(this.file(id));
  }
}
