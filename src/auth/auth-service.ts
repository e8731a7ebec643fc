import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { trustFolder } from '../lib/no-follow.js';
import type { BearerVerifier, Capability, Principal, Scope } from './principal.js';
import { Roles } from './roles.js';
import { AccountStore, checkNewPassword, type Account } from './account-store.js';
import { TokenStore, hashToken, type TokenRecord } from './token-store.js';
import { SessionStore } from './session-store.js';
import { effectiveScopes, isScope, roleAllowsScope, scopesOffered } from './scopes.js';
import { decoyHash, verifyPassword } from './password.js';

/** Input of createToken: who the token acts as, its name, scopes and lifetime. */
export interface CreateTokenInput {
  ownerId: string;
  name: string;
  scopes: readonly string[];
  /** 30, 90 (default in the panel), 365, or null for no end. */
  expiresInDays: number | null;
  /** Set by the OAuth flow: the client the token is issued to. */
  oauthClientId?: string;
}

const TOKEN_NAME_MAX = 100;
/** How many principals verify keeps for reuse; dropped whole when full. */
const KEPT_PRINCIPALS_MAX = 1_000;

interface KeptPrincipal {
  record: TokenRecord;
  owner: Account;
  capabilities: ReadonlySet<Capability>;
  principal: Principal;
}

/**
 * The people side in one place: accounts, roles, tokens and panel sessions of an installation. It is the
 * BearerVerifier the resource side (MCP, Content API) calls on every request.
 */
export class AuthService implements BearerVerifier {
  readonly roles: Roles;
  readonly accounts: AccountStore;
  readonly tokens: TokenStore;
  readonly sessions: SessionStore;
  readonly dataDir: string;
  private readonly principals = new Map<string, KeptPrincipal>();

  constructor(options: { dataDir: string; clock: Clock; log: (line: string) => void }) {
    // The data folder may be reached through links; nothing below it is followed (lib/no-follow.ts).
    trustFolder(options.dataDir);
    this.roles = new Roles(options.dataDir, options.log);
    this.accounts = new AccountStore(options.dataDir, options.clock, options.log);
    this.tokens = new TokenStore(options.dataDir, options.clock);
    this.sessions = new SessionStore(options.dataDir, options.clock);
    this.dataDir = options.dataDir;
  }

  /** The capabilities of an account's role right now. */
  capabilitiesOf(account: Account): ReadonlySet<Capability> {
    return this.roles.capabilities(account.role);
  }

  /** The scopes a person may grant a token (the spec's "Offered to people with" column). */
  scopesOfferedTo(account: Account): Scope[] {
    return scopesOffered(this.capabilitiesOf(account));
  }

  /**
   * Token -> file -> not expired -> owner exists -> role -> capabilities -> effective scopes (D9). Null for
   * an unknown, malformed, expired or revoked token and for a removed owner. Records the use (at most once
   * a minute).
   */
  verify(tokenText: string): Principal | null {
    const record = this.tokens.findLive(tokenText)?.record;
    if (!record) return null;
    const owner = this.accounts.get(record.owner);
    if (!owner) return null;
    const capabilities = this.capabilitiesOf(owner);
    this.tokens.touch(record);
    // The files are cached and handed out as the same objects while unchanged, so the same inputs give the
    // same principal; keeping it spares the allocation and lets per-caller caches key on one object.
    const kept = this.principals.get(record.id);
    if (kept && kept.record === record && kept.owner === owner && kept.capabilities === capabilities) return kept.principal;
    const principal: Principal = Object.freeze({
      accountId: owner.id,
      name: owner.name,
      email: owner.email,
      role: owner.role,
      capabilities,
      grantedScopes: record.scopes,
      scopes: effectiveScopes(record.scopes, capabilities),
      tokenName: record.name,
      tokenId: record.id,
    });
    if (this.principals.size >= KEPT_PRINCIPALS_MAX) this.principals.clear();
    this.principals.set(record.id, { record, owner, capabilities, principal });
    return principal;
  }

  /**
   * Mints a token for a person and returns its text (show it once, store it nowhere) with the stored
   * record. Refuses (AppError forbidden) a scope the owner's role does not offer, an owner without
   * assistants.use, and (invalid_params) an empty or unknown scope list or a bad name or lifetime.
   */
  createToken(input: CreateTokenInput): { token: string; record: TokenRecord } {
    const owner = this.accounts.get(input.ownerId);
    if (!owner) throw new AppError('not_found', 'There is no such account.');
    const capabilities = this.capabilitiesOf(owner);
    if (!capabilities.has('assistants.use')) throw new AppError('forbidden', 'Your role may not create tokens for assistants.');
    const name = input.name.trim();
    if (name.length === 0 || name.length > TOKEN_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) {
      throw new AppError('invalid_params', `The token name must be 1 to ${TOKEN_NAME_MAX} characters, without control characters.`);
    }
    if (input.scopes.length === 0) throw new AppError('invalid_params', 'Choose at least one scope.');
    const scopes: Scope[] = [];
    for (const scope of input.scopes) {
      if (!isScope(scope)) throw new AppError('invalid_params', `There is no scope named "${scope.slice(0, 40)}".`);
      if (!roleAllowsScope(capabilities, scope)) throw new AppError('forbidden', `The role ${owner.role} may not grant the scope ${scope}.`);
      if (!scopes.includes(scope)) scopes.push(scope);
    }
    const days = input.expiresInDays;
    if (days !== null && (!Number.isInteger(days) || days < 1 || days > 3650)) throw new AppError('invalid_params', 'The lifetime must be a whole number of days from 1 to 3650, or none.');
    return this.tokens.create({ owner: owner.id, name, scopes, expiresInDays: days, ...(input.oauthClientId ? { oauthClientId: input.oauthClientId } : {}) });
  }

  /** Deletes a token by its id (the SHA-256 hex); the next request with it fails. False when unknown. */
  revokeToken(id: string): boolean {
    return this.tokens.revoke(id);
  }

  /** Tokens (newest first), of one owner when given. Records only: the token texts are never kept. */
  listTokens(ownerId?: string): TokenRecord[] {
    return this.tokens.list(ownerId);
  }

  /** A token record by id, e.g. to see whether an OAuth access token still exists. */
  getToken(id: string): TokenRecord | undefined {
    return this.tokens.get(id);
  }

  /** The id (SHA-256 hex) a token text is stored under. */
  tokenId(tokenText: string): string {
    return hashToken(tokenText);
  }

  /**
   * Checks an email and password. Unknown emails cost the same scrypt work as known ones, so timing does
   * not reveal which addresses have accounts.
   */
  async checkPassword(email: string, password: string): Promise<Account | undefined> {
    const account = this.accounts.findByEmail(email);
    if (!account) {
      await verifyPassword(password, await decoyHash());
      return undefined;
    }
    return (await verifyPassword(password, account.passwordHash)) ? account : undefined;
  }

  /** Whether `password` is the account's current password (false for an unknown account). */
  async isCurrentPassword(accountId: string, password: string): Promise<boolean> {
    const account = this.accounts.get(accountId);
    return account !== undefined && (await verifyPassword(password, account.passwordHash));
  }

  /**
   * A person changes their own password: the new one must pass the account store's rules, the current one
   * must be right (unauthorized otherwise, nothing changed). Every session of the account ends, so a
   * session opened with the old password does not outlive it; the caller starts a fresh one for the person.
   * Tokens are untouched: they never needed the password (spec, Authentication 5).
   */
  async changePassword(accountId: string, current: string, next: string): Promise<Account> {
    checkNewPassword(next);
    if (!(await this.isCurrentPassword(accountId, current))) throw new AppError('unauthorized', 'The current password is not right.');
    const account = await this.accounts.setPassword(accountId, next);
    this.sessions.removeAccount(accountId);
    return account;
  }

  /** Removes an account, its tokens and its sessions. False when there was none. */
  removeAccount(id: string): boolean {
    const removed = this.accounts.remove(id);
    for (const record of this.tokens.list(id)) this.tokens.revoke(record.id);
    this.sessions.removeAccount(id);
    return removed;
  }

}
