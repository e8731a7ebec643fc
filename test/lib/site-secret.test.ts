// The site's own key: made once, private to its owner, the same for every process of the site (several
// processes making it at the same moment agree on one), another for another site; a damaged file is said
// to be one rather than used.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { siteSecret } from '../../dist/lib/site-secret.js';

const MODULE = join(import.meta.dirname, '..', '..', 'dist', 'lib', 'site-secret.js');
const TRUSTED_FOLDERS = join(import.meta.dirname, '..', '..', 'dist', 'lib', 'trusted-folders.js');

/** One process that takes the site's key and prints it. */
function keyFromChild(dataDir: string): Promise<string> {
  const script = `const { TrustedFolders } = await import(${JSON.stringify(TRUSTED_FOLDERS)}); const { siteSecret } = await import(${JSON.stringify(MODULE)}); process.stdout.write(siteSecret(new TrustedFolders([${JSON.stringify(dataDir)}]), ${JSON.stringify(dataDir)}).toString('hex'));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
  });
}

test('made once, 0600, 32 bytes; every process of the site gets the same, another site another', async () => {
  const dataDir = makeTempFolder('svc-secret-');
  const keys = await Promise.all([1, 2, 3, 4].map(() => keyFromChild(dataDir)));
  assert.match(keys[0]!, /^[0-9a-f]{64}$/);
  assert.deepEqual(new Set(keys).size, 1);
  assert.equal(readFileSync(join(dataDir, 'site-secret'), 'utf8'), `${keys[0]}\n`);
  assert.equal(statSync(join(dataDir, 'site-secret')).mode & 0o777, 0o600);
  // Nothing left of the losers' attempts.
  assert.deepEqual(readdirSync(dataDir).filter((name) => name.includes('site-secret')), ['site-secret']);
  assert.equal(siteSecret(new TrustedFolders([dataDir]), dataDir).toString('hex'), keys[0]);
  const other = makeTempFolder('svc-secret-');
  assert.notEqual(siteSecret(new TrustedFolders([other]), other).toString('hex'), keys[0]);
});

test('a damaged key file is refused with a sentence, never used', () => {
  const dataDir = makeTempFolder('svc-secret-');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, 'site-secret'), 'short\n');
  assert.throws(() => siteSecret(new TrustedFolders([dataDir]), dataDir), /site-secret is not a site secret \(64 hexadecimal digits\); remove it/);
});
