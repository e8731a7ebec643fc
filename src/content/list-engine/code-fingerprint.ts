import { createHash, randomUUID } from '../../lib/node-builtins.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Which code made a persisted index (index-file.ts): a hash of the modules that derive what it holds, of the
// YAML parser's version and of the time-zone data, so an index written by another build is stale. Hashing
// their text, not their stamps, keeps an index valid across a reinstall of the same version.

/** Below src/ (dist/ once built): every module whose change could change a stored entry, translation or list. */
const MODULES = [
  'content/list-engine/code-fingerprint', 'content/entries/entry-folders', 'content/entries/entry-id', 'content/entries/entry-reader', 'content/entries/entry-stamps', 'content/entries/front-matter',
  'content/list-engine/index-file', 'content/list-engine/index-snapshot', 'content/list-engine/list-index', 'content/entries/path-prefix', 'content/settings/site-config', 'content/list-engine/snapshot-blocks', 'content/list-engine/snapshot-read', 'content/list-engine/sorted-rows',
  'content/entries/translation', 'content/list-engine/translation-columns', 'lib/simple-yaml', 'lib/time-zone',
];

let fingerprint: string | undefined;

export function codeFingerprint(): string {
  return (fingerprint ??= computeFingerprint());
}

function computeFingerprint(): string {
  const here = fileURLToPath(import.meta.url);
  // dist/ (src/ in the tests): three levels up from content/list-engine/code-fingerprint.
  const root = dirname(dirname(dirname(here)));
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
