import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from './yaml.js';

/**
 * The issuer an authenticator app shows beside the code: the site's title, read leniently from
 * content/site.yaml (a broken site.yaml must not block two-factor sign-in), else "svc".
 */
export function totpIssuer(root: string): string {
  try {
    const doc = parseYaml(readFileSync(join(root, 'content', 'site.yaml'), 'utf8')) as { title?: unknown } | null;
    return typeof doc?.title === 'string' && doc.title.trim() ? doc.title.trim() : 'svc';
  } catch {
    return 'svc';
  }
}
