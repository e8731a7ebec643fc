import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Which code made a persisted index (index-file.ts): a hash of the modules that derive what it holds, of the
// YAML parser's version and of the time-zone data, so an index written by another build is stale. Hashing
// their text, not their stamps, keeps an index valid across a reinstall of the same version.

/** Below src/ (dist/ once built): every module whose change could change a stored entry, translation or list. */
const MODULES = [
  'content/code-fingerprint', 'content/entry-folders', 'content/entry-id', 'content/entry-reader', 'content/front-matter',
  'content/index-file', 'content/index-snapshot', 'content/list-index', 'content/path-prefix', 'content/site-config', 'content/snapshot-blocks', 'content/snapshot-read', 'content/sorted-rows',
  'content/translation', 'content/translation-columns', 'lib/simple-yaml', 'lib/time-zone',
];

let fingerprint: string | undefined;

export function codeFingerprint(): string {
  return (fingerprint ??= computeFingerprint());
}

function computeFingerprint(): string {
  const here = fileURLToPath(import.meta.url);
  const root = dirname(dirname(here));
  // Built, the modules are .js beside this one; run from source (the tests), they are .ts.
  const extension = extname(here);
  const hash = createHash('sha256');
  try {
    for (const name of MODULES) {
      hash.update(name).update(readFileSync(join(root, name + extension)));
    }
    const yaml = createRequire(import.meta.url)('yaml/package.json') as { version?: unknown };
    hash.update(`yaml ${String(yaml.version)} tz ${process.versions.tz ?? ''} icu ${process.versions.icu ?? ''}`);
  } catch {
    // A module that cannot be read: no index written now is taken for this code later.
    return `unknown ${randomUUID()}`;
  }
  return hash.digest('base64url');
}
