// helpers/scratch-packages.ts: the test-time packages are installed once however many test files ask at the
// same moment, and a folder is used only once its install is whole. A package packed here (npm pack, no
// registry) stands for the validator, the browser driver and the others.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from './helpers/temp-folder.ts';
import { scratchPackages } from './helpers/scratch-packages.ts';

const HELPER = fileURLToPath(new URL('./helpers/scratch-packages.ts', import.meta.url));

/** A package tarball made here: `tiny-svc-probe@1.0.0`, whose main file says its name. */
function packedPackage(root: string): string {
  const source = join(root, 'source');
  mkdirSync(source);
  writeFileSync(join(source, 'package.json'), JSON.stringify({ name: 'tiny-svc-probe', version: '1.0.0', main: 'index.js' }));
  writeFileSync(join(source, 'index.js'), "module.exports = 'tiny';\n");
  const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', root], { cwd: source, encoding: 'utf8' });
  assert.equal(packed.status, 0, packed.stderr);
  return join(root, packed.stdout.trim());
}

/** A Node process that asks for the package in `folder` (as a test file would), noting each install it made. */
function asker(folder: string, tarball: string, installs: string): Promise<number | null> {
  const script = `import { scratchPackages } from ${JSON.stringify(HELPER)};
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
const folder = scratchPackages(${JSON.stringify(folder)}, [${JSON.stringify(tarball)}], { afterInstall: () => appendFileSync(${JSON.stringify(installs)}, 'x') });
if (createRequire(join(folder, 'package.json'))('tiny-svc-probe') !== 'tiny') process.exit(3);`;
  // The test's own strip-types flags (Node 22.13-22.17 need them, and a child does not inherit them).
  const child = spawn(process.execPath, [...process.execArgv, '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve) => child.on('close', resolve));
}

test('four processes asking at once for the same folder: one installs, each finds the package whole', async () => {
  const root = makeTempFolder('svc-scratch-');
  try {
    const tarball = packedPackage(root);
    const installs = join(root, 'installs');
    const folder = join(root, 'tools');
    const codes = await Promise.all([1, 2, 3, 4].map(() => asker(folder, tarball, installs)));
    assert.deepEqual(codes, [0, 0, 0, 0]);
    assert.equal(readFileSync(installs, 'utf8'), 'x', 'installed once');
    assert.ok(!existsSync(`${folder}.lock`), 'the lock is let go');
    // Asked again, it is ready at once: nothing is installed.
    assert.equal(scratchPackages(folder, [tarball], { afterInstall: () => assert.fail('installed again') }), folder);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a lock left by a process that died mid-install is taken over: its process is gone, or it is older than an install may take', () => {
  const root = makeTempFolder('svc-scratch-');
  try {
    const tarball = packedPackage(root);
    const folder = join(root, 'tools');
    mkdirSync(`${folder}.lock`);
    // What a process killed mid-install leaves: a folder begun, no marker.
    mkdirSync(join(folder, 'node_modules'), { recursive: true });
    const old = new Date(Date.now() - 120_000);
    utimesSync(`${folder}.lock`, old, old);
    let installed = 0;
    scratchPackages(folder, [tarball], { timeoutMs: 60_000, afterInstall: () => installed++ });
    assert.equal(installed, 1);
    assert.ok(readdirSync(join(folder, 'node_modules')).includes('tiny-svc-probe'));
    // A fresh lock whose process has ended (a run stopped with Ctrl-C mid-install): not waited out.
    const other = join(root, 'other');
    mkdirSync(`${other}.lock`);
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(`${other}.lock`, 'pid'), ended.stdout);
    // (Waited out, the lock would stop this call with an error after the 20 s it allows.)
    scratchPackages(other, [tarball], { timeoutMs: 20_000, afterInstall: () => installed++ });
    assert.equal(installed, 2);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
