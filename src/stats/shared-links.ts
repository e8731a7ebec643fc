// Shared dashboards: a link that shows the statistics page read-only without signing in, with an optional
// password and optional locked filters, revocable. Kept in `data/stats/shared-links.json`: only a SHA-256 of
// each link's secret (the link is shown once, like a token), the password as an scrypt hash. A revoked link
// keeps its record (without the secret's hash), so using it again is told apart from a link that never was.
import { createHash, randomBytes, timingSafeEqual } from '../lib/node-builtins.js';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { writeFileAtomic } from '../lib/atomic-write.js';
import { withFileLock } from '../lib/file-lock.js';
import { readTextNoFollow } from '../lib/no-follow.js';
import { AppError } from '../errors.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { parseFilters, filterText } from './stats-filters.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface SharedLink {
  id: string;
  name: string;
  /** SHA-256 (hex) of the secret; null once revoked */
  secret: string | null;
  password: string | null;
  /** filters every view of the link keeps (dimension:value texts) */
  filters: string[];
  created: string;
  revoked: string | null;
}

export const MAX_LINKS = 100;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a link's address holds: `<id>.<secret>`, both base64url. */
export const SHARE_TOKEN = /^([A-Za-z0-9_-]{8})\.([A-Za-z0-9_-]{32})$/;

export type LinkCheck = { ok: true; link: SharedLink } | { ok: false; why: 'unknown' | 'revoked' };

export class SharedLinkStore {
  private readonly path: string;

  constructor(private readonly trusted: TrustedFolders, private readonly dir: string, private readonly clock: () => number) {
    this.path = join(dir, 'shared-links.json');
  }

  list(): SharedLink[] {
    try {
      const doc = JSON.parse(readTextNoFollow(this.trusted, this.path)) as { links?: unknown };
      return Array.isArray(doc.links) ? (doc.links as SharedLink[]).filter((link) => link && typeof link.id === 'string' && Array.isArray(link.filters)) : [];
    } catch {
      return [];
    }
  }

  /** Makes a link; returns it with its token (shown once). A bad filter or name changes nothing. */
  async create(input: { name: string; password?: string; filters: readonly string[] }): Promise<{ link: SharedLink; token: string }> {
    const name = input.name.trim();
    if (name === '' || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) throw new AppError('invalid_params', 'Give the link a name of 1 to 100 characters (who it is for).');
    const filters = parseFilters(input.filters.filter((text) => text.trim() !== '')).map(filterText);
    if (input.password !== undefined && input.password !== '' && (input.password.length < 8 || input.password.length > 200)) throw new AppError('invalid_params', 'A password for the link needs 8 to 200 characters (or none).');
    const password = input.password ? await hashPassword(input.password) : null;
    const id = randomBytes(6).toString('base64url');
    const secret = randomBytes(24).toString('base64url');
    const link: SharedLink = { id, name, secret: sha256(secret), password, filters, created: new Date(this.clock()).toISOString(), revoked: null };
    this.change((links) => {
      if (links.filter((l) => !l.revoked).length >= MAX_LINKS) throw new AppError('invalid_params', `At most ${MAX_LINKS} shared links; revoke one first.`);
      return [...links, link];
    });
    return { link, token: `${id}.${secret}` };
  }

  /** Revokes a link for good; false when there is no live link by that id. */
  revoke(id: string): boolean {
    let done = false;
    this.change((links) => links.map((link) => {
      if (link.id !== id || link.revoked) return link;
      done = true;
      return { ...link, secret: null, password: null, revoked: new Date(this.clock()).toISOString() };
    }));
    return done;
  }

  /** The link a token opens: unknown for any token that is not one of a live link's, exactly. */
  check(token: string): LinkCheck {
    const match = SHARE_TOKEN.exec(token);
    if (!match) return { ok: false, why: 'unknown' };
    const link = this.list().find((l) => l.id === match[1]);
    if (!link) return { ok: false, why: 'unknown' };
    if (link.revoked || !link.secret) return { ok: false, why: 'revoked' };
    const ok = timingSafeEqual(Buffer.from(sha256(match[2]!), 'hex'), Buffer.from(link.secret, 'hex'));
    return ok ? { ok: true, link } : { ok: false, why: 'unknown' };
  }

  passwordMatches(link: SharedLink, password: string): Promise<boolean> {
    return link.password ? verifyPassword(password, link.password) : Promise.resolve(true);
  }

  private change(action: (links: SharedLink[]) => SharedLink[]): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    withFileLock(this.trusted, `${this.path}.lock`, () => {
      writeFileAtomic(this.trusted, this.path, `${JSON.stringify({ links: action(this.list()) }, null, 1)}\n`, 0o600);
    });
  }
}
