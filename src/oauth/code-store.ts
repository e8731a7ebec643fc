// Authorization codes: data/oauth/codes/<sha256 of the code>.json. The code itself is never stored. A used
// code is kept (marked used, with the tokens it produced) until well past its expiry, so presenting it
// again can end those tokens (RFC 6749 §4.1.2: "SHOULD revoke all tokens previously issued").
import { randomBytes } from '../lib/node-builtins.js';
import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/safe-compare.js';
import { RecordFolder } from './record-folder.js';
import { isBoolean, isString, isStringOrNull, isStrings, recordShape } from './record-shape.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** How long a used code is remembered for reuse detection. */
const USED_CODE_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface AuthorizationCode {
  clientId: string;
  accountId: string;
  redirectUri: string;
  /** Whether the authorization request named redirect_uri (then the token request must repeat it). */
  redirectUriGiven: boolean;
  codeChallenge: string;
  scopes: string[];
  resource: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** Tokens issued at the first use, ended if the code is presented again. */
  accessTokenId: string | null;
  refreshTokenHash: string | null;
}

const readRecord = recordShape<AuthorizationCode>({
  clientId: isString,
  accountId: isString,
  redirectUri: isString,
  redirectUriGiven: isBoolean,
  codeChallenge: isString,
  scopes: isStrings,
  resource: isString,
  createdAt: isString,
  expiresAt: isString,
  usedAt: isStringOrNull,
  accessTokenId: isStringOrNull,
  refreshTokenHash: isStringOrNull,
});

export type NewAuthorizationCode = Omit<AuthorizationCode, 'createdAt' | 'expiresAt' | 'usedAt' | 'accessTokenId' | 'refreshTokenHash'>;

export class CodeStore {
  readonly folder: RecordFolder<AuthorizationCode>;

  constructor(trusted: TrustedFolders, dataDir: string, private readonly clock: Clock) {
    this.folder = new RecordFolder(trusted, join(dataDir, 'oauth', 'codes'), /^[a-f0-9]{64}$/, readRecord);
  }

  /** Stores a new code and returns its text, which only the redirect carries. */
  issue(grant: NewAuthorizationCode): string {
    const code = randomBytes(32).toString('base64url');
    const now = this.clock();
    this.folder.write(sha256Hex(code), {
      ...grant,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + CODE_LIFETIME_MS).toISOString(),
      usedAt: null,
      accessTokenId: null,
      refreshTokenHash: null,
    });
    return code;
  }

  /** Removes codes past their expiry (used ones once reuse detection no longer needs them). */
  removeExpired(): number {
    let removed = 0;
    const now = this.clock();
    for (const id of this.folder.ids()) {
      const record = this.folder.read(id);
      const expiresAt = record ? Date.parse(record.expiresAt) : 0;
      const keepUntil = record?.usedAt ? expiresAt + USED_CODE_MEMORY_MS : expiresAt;
      if (!record || keepUntil <= now) {
        this.folder.remove(id);
        removed++;
      }
    }
    return removed;
  }
}
