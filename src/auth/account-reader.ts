import { FileCache } from './file-cache.js';
import { parseYaml } from './yaml.js';
import * as recordNames from '../lib/record-names.js';
import { join, sep } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';
// Loaded when accounts are listed: checking a token reads one account by its name.

/** A team member, as kept in `data/accounts/<id>.yaml`. */
export interface Account {
  /** Lowercase letters, digits and dashes; written as `author` on their entries. */
  id: string;
  name: string;
  email: string;
  role: string;
  /** `scrypt$...` (see password.ts). */
  passwordHash: string;
  /** Two-factor sign-in: the base32 secret and the last time step used (replays are refused). */
  totp: { secret: string; lastStep: number | null } | null;
  /** SHA-256 hex of each unused two-factor recovery code (see recovery-codes.ts); empty without two-factor. */
  recoveryCodes: string[];
  created: string;
  /** The panel language the person chose on Your account (a code such as `de`), or '' for the browser's. */
  language: string;
}

/** An account file's YAML as an account (unknown fields ignored), or null when malformed. */
function readAccountFile(value: unknown): Account | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.name !== 'string' || typeof v.email !== 'string' || typeof v.role !== 'string' || typeof v.password !== 'string') return null;
  if (v.created !== undefined && typeof v.created !== 'string') return null;
  // An unknown or malformed language is not a broken account: the panel falls back to the browser's.
  const language = typeof v.language === 'string' && /^[a-z]{2,3}$/.test(v.language) ? v.language : '';
  let totp: Account['totp'] = null;
  let recoveryCodes: string[] = [];
  const twoFactor = v.two_factor;
  if (twoFactor !== undefined && twoFactor !== null) {
    if (typeof twoFactor !== 'object' || Array.isArray(twoFactor)) return null;
    const { secret, last_step: lastStep, recovery_codes: codes } = twoFactor as Record<string, unknown>;
    if (typeof secret !== 'string') return null;
    if (lastStep !== undefined && lastStep !== null && !Number.isSafeInteger(lastStep)) return null;
    if (codes !== undefined && codes !== null && !(Array.isArray(codes) && codes.every((code) => typeof code === 'string' && /^[0-9a-f]{64}$/.test(code)))) return null;
    totp = { secret, lastStep: (lastStep as number | null | undefined) ?? null };
    recoveryCodes = (codes as string[] | null | undefined) ?? [];
  }
  return { id: v.id, name: v.name, email: normalizeEmail(v.email), role: v.role, passwordHash: v.password, totp, recoveryCodes, created: v.created ?? '', language };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const ACCOUNT_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * Accounts on disk, read side: one YAML file each, parsed once and read again when it changes, so every read
 * notices changes made by other processes. The bearer check needs no more than this (token-verifier.ts);
 * AccountStore adds the changes, with the password and two-factor code they bring.
 */
export class AccountReader {
  readonly dir: string;
  protected readonly cache: FileCache<Account | null>;
  /** `<dir>/`: names are built by concatenation (path.join on every request costs more than the check). */
  private readonly prefix: string;

  constructor(protected readonly trusted: TrustedFolders, dataDir: string, private readonly log: (line: string) => void) {
    this.dir = join(dataDir, 'accounts');
    this.prefix = this.dir + sep;
    this.cache = new FileCache(trusted, (text, path) => this.parse(text, path));
  }

  private parse(text: string, path: string): Account | null {
    let account: Account | null;
    try {
      account = readAccountFile(parseYaml(text));
    } catch {
      account = null;
    }
    if (!account) this.log(`svc: the account file ${path} cannot be read; that account cannot sign in until it is fixed.`);
    return account;
  }

  /** Only for a checked id (ACCOUNT_ID). */
  protected file(id: string): string {
    return `${this.prefix}${id}.yaml`;
  }

  /** The account, or undefined for an unknown (or malformed) id. */
  get(id: string): Account | undefined {
    if (!ACCOUNT_ID.test(id)) return undefined;
    const account = this.cache.read(this.file(id));
    return account && account.id === id ? account : undefined;
  }

  list(): Account[] {
    return recordNames.listRecordNames(this.trusted, this.dir, '.yaml')
      .map((id) => this.get(id))
      .filter((account): account is Account => account !== undefined)
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  findByEmail(email: string): Account | undefined {
    const wanted = normalizeEmail(email);
    return this.list().find((account) => account.email === wanted);
  }

  /** An account by id or email, as the CLI takes either. */
  find(idOrEmail: string): Account | undefined {
    return idOrEmail.includes('@') ? this.findByEmail(idOrEmail) : this.get(idOrEmail.trim().toLowerCase());
  }
}
