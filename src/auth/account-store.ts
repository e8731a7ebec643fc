import { join } from 'node:path';
import { AppError } from '../errors.js';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { makeFoldersNoFollow, statNoFollow } from '../lib/no-follow.js';
import { withFileLock } from '../lib/file-lock.js';
import { safeEqual } from '../lib/safe-compare.js';
import { AccountReader, normalizeEmail, ACCOUNT_ID, type Account } from './account-reader.js';
import { hashPassword } from './password.js';
import { generateTotpSecret, verifyTotp } from './totp.js';
import { hashRecoveryCode, looksLikeRecoveryCode, makeRecoveryCodes } from './recovery-codes.js';
import { stringifyYaml } from './yaml.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}$/;

/** Whether an account may have this address (already normalized): what an invitation is checked by too. */
export function isAccountEmail(email: string): boolean {
  return EMAIL.test(email);
}
export const PASSWORD_MIN = 10;
const PASSWORD_MAX = 1024;

/** The YAML document of an account. */
function accountDocument(account: Account): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
    password: account.passwordHash,
    created: account.created,
  };
  if (account.language) doc.language = account.language;
  if (account.totp) doc.two_factor = { secret: account.totp.secret, last_step: account.totp.lastStep, recovery_codes: account.recoveryCodes };
  return doc;
}

/** Checks a new password; throws invalid_params with a sentence when it will not do. */
export function checkNewPassword(password: string): void {
  if (password.length < PASSWORD_MIN) throw new AppError('invalid_params', `The password must have at least ${PASSWORD_MIN} characters.`);
  if (password.length > PASSWORD_MAX) throw new AppError('invalid_params', `The password must have at most ${PASSWORD_MAX} characters.`);
}

/** Accounts on disk, one YAML file each, mode 0600: reading (AccountReader) and every change. */
export class AccountStore extends AccountReader {
  constructor(trusted: TrustedFolders, dataDir: string, private readonly clock: () => number, log: (line: string) => void) {
    super(trusted, dataDir, log);
  }

  /** Creates an account; the id is made from the email's local part. The role must already be checked. */
  async create(input: { name: string; email: string; role: string; password: string }): Promise<Account> {
    const name = input.name.trim();
    const email = normalizeEmail(input.email);
    if (name.length === 0 || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) throw new AppError('invalid_params', 'The name must be 1 to 100 characters, without control characters.');
    if (!EMAIL.test(email)) throw new AppError('invalid_params', 'The email address is not valid.');
    checkNewPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    makeFoldersNoFollow(this.trusted, this.dir, 0o700);
    return withFileLock(this.trusted, join(this.dir, '.create.lock'), () => {
      if (this.findByEmail(email)) throw new AppError('conflict', 'An account with this email address exists already.');
      const base = email.split('@')[0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32) || 'person';
      let id = base;
      for (let n = 2; this.cache.read(this.file(id)) !== undefined || this.wasRemoved(id); n++) id = `${base}-${n}`;
      const account: Account = { id, name, email, role: input.role, passwordHash, totp: null, recoveryCodes: [], created: new Date(this.clock()).toISOString(), language: '' };
      this.write(account);
      return account;
    });
  }

  /** Applies a change to the freshest copy under the account's lock. */
  update(id: string, change: (account: Account) => Account): Account {
    return withFileLock(this.trusted, join(this.dir, `.${id}.lock`), () => {
      this.cache.forget(this.file(id));
      const current = this.get(id);
      if (!current) throw new AppError('not_found', 'There is no such account.');
      const next = change(current);
      this.write(next);
      return next;
    });
  }

  /** A person's own name and email (Your account); the email must stay unique. */
  setNameAndEmail(id: string, name: string, email: string): Account {
    const cleanName = name.trim();
    const cleanEmail = normalizeEmail(email);
    if (cleanName.length === 0 || cleanName.length > 100 || /[\u0000-\u001f\u007f]/.test(cleanName)) throw new AppError('invalid_params', 'The name must be 1 to 100 characters, without control characters.');
    if (!EMAIL.test(cleanEmail)) throw new AppError('invalid_params', 'The email address is not valid.');
    return withFileLock(this.trusted, join(this.dir, '.create.lock'), () => {
      const holder = this.findByEmail(cleanEmail);
      if (holder && holder.id !== id) throw new AppError('conflict', 'Another account has this email address.');
      return this.update(id, (account) => ({ ...account, name: cleanName, email: cleanEmail }));
    });
  }

  setRole(id: string, role: string): Account {
    return this.update(id, (account) => ({ ...account, role }));
  }

  /** The panel language the person chose ('' follows the browser); the caller checks it is one the panel has. */
  setLanguage(id: string, language: string): Account {
    return this.update(id, (account) => ({ ...account, language }));
  }

  async setPassword(id: string, password: string): Promise<Account> {
    checkNewPassword(password);
    const passwordHash = await hashPassword(password);
    return this.update(id, (account) => ({ ...account, passwordHash }));
  }

  /** Turns on two-factor sign-in with a new secret (replacing any old one) and returns the secret. */
  enableTotp(id: string): string {
    const secret = generateTotpSecret();
    this.update(id, (account) => ({ ...account, totp: { secret, lastStep: null }, recoveryCodes: [] }));
    return secret;
  }

  /**
   * Turns on two-factor sign-in with a secret the person set up in their app, only when `code` is a valid
   * code of that secret (the same check as sign-in). The code's step is recorded as used, so it cannot sign
   * in afterwards. Ten new recovery codes come with it: returned to be shown once, kept as hashes only.
   * Null (nothing written) for a wrong code or an account that has two-factor on already.
   */
  confirmTotp(id: string, secret: string, code: string): string[] | null {
    let codes: string[] | null = null;
    this.update(id, (account) => {
      if (account.totp) return account;
      const step = verifyTotp(secret, code, this.clock(), null);
      if (step === null) return account;
      const made = makeRecoveryCodes();
      codes = made.codes;
      return { ...account, totp: { secret, lastStep: step }, recoveryCodes: made.hashes };
    });
    return codes;
  }

  disableTotp(id: string): Account {
    return this.update(id, (account) => ({ ...account, totp: null, recoveryCodes: [] }));
  }

  /** Ten new recovery codes in place of the old ones (which stop working); null without two-factor. */
  renewRecoveryCodes(id: string): string[] | null {
    let codes: string[] | null = null;
    this.update(id, (account) => {
      if (!account.totp) return account;
      const made = makeRecoveryCodes();
      codes = made.codes;
      return { ...account, recoveryCodes: made.hashes };
    });
    return codes;
  }

  /**
   * Spends a recovery code: when it is one of the account's unused codes, it is removed (under the account's
   * lock, so two sign-ins cannot both spend it) and the number of codes left is returned; otherwise null.
   */
  consumeRecoveryCode(id: string, typed: string): number | null {
    if (!looksLikeRecoveryCode(typed)) return null;
    const hash = hashRecoveryCode(typed);
    let left: number | null = null;
    try {
      this.update(id, (account) => {
        if (!account.totp) return account;
        // Every stored hash is compared, so timing tells nothing about which one matched.
        const match = account.recoveryCodes.reduce((found, stored, index) => (safeEqual(stored, hash) && found < 0 ? index : found), -1);
        if (match < 0) return account;
        const recoveryCodes = account.recoveryCodes.filter((_, index) => index !== match);
        left = recoveryCodes.length;
        return { ...account, recoveryCodes };
      });
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return null;
      throw error;
    }
    return left;
  }

  /**
   * Checks a two-factor code and, when it matches, records its step so it cannot be used again. The check
   * and the record happen under one lock, so two simultaneous sign-ins cannot both spend the same code.
   */
  consumeTotp(id: string, code: string): boolean {
    let ok = false;
    try {
      this.update(id, (account) => {
        if (!account.totp) return account;
        const step = verifyTotp(account.totp.secret, code, this.clock(), account.totp.lastStep);
        if (step === null) return account;
        ok = true;
        return { ...account, totp: { ...account.totp, lastStep: step } };
      });
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return false;
      throw error;
    }
    return ok;
  }

  /**
   * Removes the account and keeps its id from ever naming another: entries (author), trash items and history
   * lines go on naming it, and a new person given the id took them over (a removed contributor's drafts,
   * their trash and their history). A file in `removed/` marks it, written before the account goes.
   */
  remove(id: string): boolean {
    if (!ACCOUNT_ID.test(id) || this.get(id) === undefined) return false;
    makeFoldersNoFollow(this.trusted, this.removedDir, 0o700);
    writeFileAtomic(this.trusted, join(this.removedDir, id), `${new Date(this.clock()).toISOString()}\n`, 0o600);
    return this.cache.remove(this.file(id));
  }

  private get removedDir(): string {
    return join(this.dir, 'removed');
  }

  private wasRemoved(id: string): boolean {
    return statNoFollow(this.trusted, join(this.removedDir, id)) !== undefined;
  }

  private write(account: Account): void {
    writeFileAtomic(this.trusted, this.file(account.id), stringifyYaml(accountDocument(account)), 0o600);
    this.cache.forget(this.file(account.id));
  }
}
