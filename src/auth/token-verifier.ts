import type { Clock } from '../lib/clock.js';
import { TrustedFolders } from '../lib/trusted-folders.js';
import type { BearerVerifier, Capability, Principal } from './principal.js';
import { Roles } from './roles.js';
import { AccountReader, type Account } from './account-reader.js';
import { TokenStore, type TokenRecord } from './token-store.js';
import { effectiveScopes } from './scopes.js';

/** How many principals verify keeps for reuse; dropped whole when full. */
const KEPT_PRINCIPALS_MAX = 1_000;

/** How long a put-off use record waits (TokenVerifierOptions.recordUsesLater): past the answers at hand. */
export const USE_RECORD_DELAY_MS = 1_000;

interface KeptPrincipal {
  record: TokenRecord;
  owner: Account;
  capabilities: ReadonlySet<Capability>;
  principal: Principal;
}

/** What the bearer check reads: token files, accounts, roles. */
export interface TokenVerifierParts {
  tokens: Pick<TokenStore, 'findLive' | 'touch'>;
  accounts: Pick<AccountReader, 'get'>;
  roles: Pick<Roles, 'capabilities'>;
}

export interface TokenVerifierOptions {
  /**
   * Write each use (last_used, at most once a minute: a lock, a read, an fsync'd write, node:crypto for the
   * temp name) a second after the verify that made it, or at the process's exit, instead of before verify
   * returns. The stdio server's first answer then never waits on that write, which every session start whose
   * token was last used over a minute ago made. Failures are logged, not thrown.
   */
  recordUsesLater?: { log: (line: string) => void };
}

/**
 * The one way from a bearer token to a principal, for the resource side (MCP, Content API). AuthService uses
 * it for its `verify`; a process that only checks tokens (the stdio server) builds it alone with
 * createTokenVerifier, without the sessions, passwords and two-factor code of the panel.
 */
export class TokenVerifier implements BearerVerifier {
  private readonly principals = new Map<string, KeptPrincipal>();
  /** Uses put off (recordUsesLater), by token id. */
  private readonly pendingUses = new Map<string, TokenRecord>();
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  /** A timer is set, or will be on the next turn. */
  private timerSet = false;
  private exitHooked = false;

  constructor(private readonly parts: TokenVerifierParts, private readonly options: TokenVerifierOptions = {}) {}

  /**
   * Token -> file -> not expired -> owner exists -> role -> capabilities -> effective scopes (D9). Null for
   * an unknown, malformed, expired or revoked token and for a removed owner. Records the use (at most once
   * a minute).
   */
  verify(tokenText: string): Principal | null {
    const record = this.parts.tokens.findLive(tokenText)?.record;
    if (!record) return null;
    const owner = this.parts.accounts.get(record.owner);
    if (!owner) return null;
    const capabilities = this.parts.roles.capabilities(owner.role);
    if (this.options.recordUsesLater) this.recordLater(record);
    else this.parts.tokens.touch(record);
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

  private recordLater(record: TokenRecord): void {
    this.pendingUses.set(record.id, record);
    if (!this.exitHooked) {
      this.exitHooked = true;
      // A process that ends first records them on its way out.
      process.once('exit', () => this.recordPendingUses());
    }
    if (this.timerSet) return;
    this.timerSet = true;
    // The timer is set on the next turn of the event loop, after the answers at hand: the stdio server
    // verifies its token before its first answer, and Node's first timer costs ~0.2 ms on Node 20.
    // Never what keeps a process alive.
    setImmediate(() => {
      if (this.timerSet) this.pendingTimer ??= setTimeout(() => this.recordPendingUses(), USE_RECORD_DELAY_MS).unref();
    }).unref();
  }

  /** Writes the uses put off so far (recordUsesLater). */
  recordPendingUses(): void {
    clearTimeout(this.pendingTimer);
    this.pendingTimer = undefined;
    this.timerSet = false;
    const records = [...this.pendingUses.values()];
    this.pendingUses.clear();
    for (const record of records) {
      try {
        this.parts.tokens.touch(record);
      } catch (error) {
        this.options.recordUsesLater?.log(`svc: the last use of the token "${record.name}" was not recorded: ${(error as Error).message}`);
      }
    }
  }
}

/** A verifier over the installation's data folder, with stores of its own. */
export function createTokenVerifier(options: { dataDir: string; clock: Clock; log: (line: string) => void; recordUsesLater?: boolean; trustedFolders?: TrustedFolders }): TokenVerifier {
  // As AuthService: the data folder may be reached through links; nothing below it is followed.
  const trusted = options.trustedFolders ?? new TrustedFolders([options.dataDir]);
  return new TokenVerifier({
    tokens: new TokenStore(trusted, options.dataDir, options.clock),
    accounts: new AccountReader(trusted, options.dataDir, options.log),
    roles: new Roles(trusted, options.dataDir, options.log),
  }, options.recordUsesLater ? { recordUsesLater: { log: options.log } } : {});
}
