import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { TrustedFolders } from '../lib/trusted-folders.js';
import type { BearerVerifier, Capability, Principal, Scope } from './principal.js';
import { Roles } from './roles.js';
import { OneTimeLinks } from './one-time-links.js';
import type { Account } from './account-reader.js';
import { AccountStore, checkNewPassword } from './account-store.js';
import { TokenStore, hashToken, type TokenRecord } from './token-store.js';
import { SessionStore } from './session-store.js';
import { isScope, roleAllowsScope, scopesOffered } from './scopes.js';
import { decoyHash, verifyPassword } from './password.js';
import { TokenVerifier } from './token-verifier.js';

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
  /** Invitations and reset links (one-time-links.ts). */
  readonly links: OneTimeLinks;
  private readonly verifier: TokenVerifier;

  /** The site's folders below which no link is followed (lib/trusted-folders.ts). */
  readonly trustedFolders: TrustedFolders;

  /** `trustedFolders`: the site's (wiring/build-deps.ts); without it, a value of its own trusting the data folder. */
  constructor(options: { dataDir: string; clock: Clock; log: (line: string) => void; trustedFolders?: TrustedFolders }) {
    // The data folder may be reached through links; nothing below it is followed (lib/no-follow.ts).
    // The site's value is never widened: a folder trusted is one whose own path may be a link.
    const trusted = this.trustedFolders = options.trustedFolders ?? new TrustedFolders([options.dataDir]);
    this.roles = new Roles(trusted, options.dataDir, options.log);
    this.accounts = new AccountStore(trusted, options.dataDir, options.clock, options.log);
    this.tokens = new TokenStore(trusted, options.dataDir, options.clock);
    this.sessions = new SessionStore(trusted, options.dataDir, options.clock);
    this.dataDir = options.dataDir;
    this.links = new OneTimeLinks(trusted, options.dataDir, options.clock);
    this.verifier = new TokenVerifier({ tokens: this.tokens, accounts: this.accounts, roles: this.roles });
  }

  /** The capabilities of an account's role right now. */
  capabilitiesOf(account: Account): ReadonlySet<Capability> {
    return this.roles.capabilities(account.role);
  }

  /** The scopes a person may grant a token (the spec's "Offered to people with" column). */
  scopesOfferedTo(account: Account): Scope[] {
    return scopesOffered(this.capabilitiesOf(account));
  }

  /** The principal for a token text, or null: the bearer check of TokenVerifier, which the stdio server uses alone. */
  verify(tokenText: string): Principal | null {
    return this.verifier.verify(tokenText);
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

  /**
   * Gives an account another role. One that may no longer manage the team loses the links it made (reset links,
   * invitations): a demoted admin's link for the admin's password, or for an admin of its own, still worked.
   */
  changeRole(id: string, role: string): Account {
    const account = this.accounts.setRole(id, role);
    if (!this.roles.capabilities(role).has('team.manage')) this.links.withdrawMadeBy(id);
    return account;
  }

  /** Removes an account, its tokens, its sessions, links for it and the links it made. False when there was none. */
  removeAccount(id: string): boolean {
    const removed = this.accounts.remove(id);
    for (const record of this.tokens.list(id)) this.tokens.revoke(record.id);
    this.sessions.removeAccount(id);
    this.links.withdrawFor(id);
    this.links.withdrawMadeBy(id);
    return removed;
  }

}
