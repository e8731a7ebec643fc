import { join } from 'node:path';
import { readTextNoFollow } from '../lib/no-follow.js';
import { parseYaml } from './yaml.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/**
 * The issuer an authenticator app shows beside the code: the site's title, read leniently from
 * content/site.yaml (a broken site.yaml must not block two-factor sign-in), else "svc".
 */
export function totpIssuer(trusted: TrustedFolders, root: string): string {
  try {
    const doc = parseYaml(readTextNoFollow(trusted, join(root, 'content', 'site.yaml'))) as { title?: unknown } | null;
    return typeof doc?.title === 'string' && doc.title.trim() ? doc.title.trim() : 'svc';
  } catch {
    return 'svc';
  }
}
