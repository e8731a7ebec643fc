// An assistant that goes away closes the stdio server's stdout: the server must end quietly, not crash.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';

let site: TestSite;
let token: string;
before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio', scopes: ['content:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

test('a closed stdout ends the stdio server with exit code 0 and no stack trace', async () => {
  const stdio = fileURLToPath(new URL('../../dist/stdio.js', import.meta.url));
  const child = spawn(process.execPath, [stdio, `--token=${token}`, `--root=${site.root}`], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  // Wait for the first answer, then close our end of its stdout and keep asking.
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) + '\n');
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.stdout.destroy();
  for (let id = 2; id < 40; id++) child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) + '\n');
  const code = await new Promise<number | null>((resolve) => child.on('exit', (exitCode) => resolve(exitCode)));
  assert.equal(code, 0);
  assert.doesNotMatch(stderr, /EPIPE|Error:|at /);
});
