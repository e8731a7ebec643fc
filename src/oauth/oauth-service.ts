// The authorization server's state and collaborators in one object, built once per process (build-deps).
// The people side is injected as the narrow slice of AuthService the grants need: minting, revoking and
// looking up ordinary tokens, and what an account's role allows right now.
import type { Clock } from '../lib/clock.js';
import type { AuthService } from '../auth/auth-service.js';
import { ClientStore } from './client-store.js';
import { CodeStore } from './code-store.js';
import { RefreshStore } from './refresh-store.js';
import { oauthUrls, type OAuthUrls } from './metadata.js';
import { OAuthCleanup } from './cleanup.js';
import { ClientMetadataDocuments } from './client-metadata-documents.js';
import { TrustedFolders } from '../lib/trusted-folders.js';
import { rateLimitOf, type RateLimitsSetting } from '../lib/rate-limit-settings.js';

export type OAuthPeople = Pick<AuthService, 'createToken' | 'revokeToken' | 'getToken' | 'accounts' | 'scopesOfferedTo'>;

export interface OAuthServiceOptions {
  dataDir: string;
  /**
   * Read on every use (not copied), so a base URL settled after listening on port 0 is the one used;
   * `rateLimits` once, for the limit on fetching client metadata documents (the registration limit's).
   */
  config: { readonly baseUrl: string; readonly rateLimits?: RateLimitsSetting };
  clock: Clock;
  log: (line: string) => void;
  people: OAuthPeople;
  /** The site's folders below which no link is followed (lib/trusted-folders.ts); without it, a value trusting the data folder. */
  trustedFolders?: TrustedFolders;
  /**
   * Tests only: accept client metadata documents served from 127.0.0.1 (http or https). Only code that builds the
   * OAuthService itself can pass it (the wiring never does, and no flag, environment variable or file
   * reaches it), so a production server cannot have it on by accident.
   */
  allowLoopbackClientDocuments?: boolean;
}

export class OAuthService {
  private readonly config: { readonly baseUrl: string };
  readonly clock: Clock;
  readonly log: (line: string) => void;
  readonly people: OAuthPeople;
  readonly clients: ClientStore;
  readonly codes: CodeStore;
  readonly refresh: RefreshStore;
  readonly cleanup: OAuthCleanup;
  /** Clients whose client_id is the https address of their metadata document. */
  readonly documents: ClientMetadataDocuments;

  constructor(options: OAuthServiceOptions) {
    this.config = options.config;
    this.clock = options.clock;
    this.log = options.log;
    this.people = options.people;
    // The site's value is never widened: a folder trusted is one whose own path may be a link.
    const trusted = options.trustedFolders ?? new TrustedFolders([options.dataDir]);
    this.clients = new ClientStore(trusted, options.dataDir, options.clock);
    this.codes = new CodeStore(trusted, options.dataDir, options.clock);
    this.refresh = new RefreshStore(trusted, options.dataDir, options.clock);
    this.cleanup = new OAuthCleanup(this);
    // 5 KB is the draft's suggested cap; 16 KB leaves room for long names and many addresses.
    this.documents = new ClientMetadataDocuments({
      maxBytes: 16 * 1024, timeoutMs: 5000, allowLoopback: options.allowLoopbackClientDocuments === true, now: options.clock,
      fetchesPerMinute: rateLimitOf(options.config.rateLimits, 'oauth_register'),
    });
  }

  /** Issuer, endpoints and the MCP resource, from the public base URL. */
  get urls(): OAuthUrls {
    return oauthUrls(this.config.baseUrl);
  }
}
