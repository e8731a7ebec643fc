// The site's own secret key: 32 random bytes in `data/site-secret`, made on first use and never shown, for
// signing what the site hands out and must later recognise as its own (preview links). Each installation
// has its own data folder, so a signature made by another site never verifies here.
import { randomBytes } from './node-builtins.js';
import { linkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { readTextNoFollow } from './no-follow.js';
import type { TrustedFolders } from './trusted-folders.js';

const FILE = 'site-secret';
const SHAPE = /^[0-9a-f]{64}\n?$/;
const known = new Map<string, Buffer>();

/**
 * The secret of the site whose data folder is `dataDir`. Two processes making it at once agree on one: the
 * new secret is written whole under a name of its own and then linked into place, which fails when the
 * other was first (its secret is read instead), so nobody ever reads a half-written key.
 */
export function siteSecret(trusted: TrustedFolders, dataDir: string): Buffer {
  const kept = known.get(dataDir);
  if (kept) return kept;
  const path = join(dataDir, FILE);
  let text = readIfThere(trusted, path);
  if (text === null) {
    const draft = join(dataDir, `.${FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
    writeFileAtomic(trusted, draft, `${randomBytes(32).toString('hex')}\n`, 0o600);
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
    text = readIfThere(trusted, path);
  }
  if (text === null || !SHAPE.test(text)) throw new Error(`${path} is not a site secret (64 hexadecimal digits); remove it and a new one is made (links signed with the old one stop working)`);
  const secret = Buffer.from(text.trim(), 'hex');
  known.set(dataDir, secret);
  return secret;
}

function readIfThere(trusted: TrustedFolders, path: string): string | null {
  try {
    return readTextNoFollow(trusted, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
