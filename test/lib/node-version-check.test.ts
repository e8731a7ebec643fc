// The Node version check the three entries run before loading anything else (src/lib/node-version-check.ts).
// Real older Nodes are not run here; the check's logic is, on version strings, and the built entries are run
// on this machine's Node to show the check lets them through. Run `make build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unsupportedNodeSentence } from '../../src/lib/node-version-check.js';
import { usageText } from '../../src/cli/usage.js';
import { svcCommand } from '../../src/lib/install-paths.js';

const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));
const REFUSAL = /Node 20\.19 or newer is needed/;

/** Runs a built entry on this Node with no SVC_* settings; stdin closed. */
function runEntry(file: string, args: string[]) {
  const result = spawnSync(process.execPath, [dist(file), ...args], { env: { PATH: process.env.PATH }, input: '', encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

test('Node 20.18.3 is refused with one sentence that names the version', () => {
  assert.equal(unsupportedNodeSentence('20.18.3'), 'svc: Node 20.19 or newer is needed (24 LTS recommended); this is Node 20.18.3.');
  assert.equal(unsupportedNodeSentence('18.20.8'), 'svc: Node 20.19 or newer is needed (24 LTS recommended); this is Node 18.20.8.');
  assert.equal(unsupportedNodeSentence('20.12.2'), 'svc: Node 20.19 or newer is needed (24 LTS recommended); this is Node 20.12.2.');
});

test('Node 20.19.0, 22.0.0 and 24 releases are accepted', () => {
  for (const version of ['20.19.0', '20.20.2', '22.0.0', '22.23.3', '24.0.0', '24.21.0']) {
    assert.equal(unsupportedNodeSentence(version), undefined, version);
  }
});

test('a refused Node ends the process with exit code 1 and only the sentence on stderr', () => {
  const check = pathToFileURL(dist('lib/node-version-check.js')).href;
  const script = `import { exitOnUnsupportedNode } from ${JSON.stringify(check)};\nexitOnUnsupportedNode('20.12.2');\nconsole.log('still running');\n`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(result.status, 1);
  assert.equal(result.stderr, 'svc: Node 20.19 or newer is needed (24 LTS recommended); this is Node 20.12.2.\n');
  assert.equal(result.stdout, '');
});

test('the built server, stdio and cli entries start on this Node without the version sentence', () => {
  // Each answer comes from code the entry loads only after the check: config, the stdio start, the commands.
  const server = runEntry('server.js', ['--port', 'x']);
  assert.equal(server.code, 2);
  assert.equal(server.err, 'svc: --port must be a whole number from 0 to 65535.\n');
  assert.doesNotMatch(server.err, REFUSAL);

  const stdio = runEntry('stdio.js', []);
  assert.equal(stdio.code, 1);
  assert.equal(stdio.err, 'svc: a valid token is required: pass --token=<token> or set SVC_TOKEN to a token created in the panel under Assistants.\n');
  assert.equal(stdio.out, '');
  assert.doesNotMatch(stdio.err, REFUSAL);

  const cli = runEntry('cli.js', ['help']);
  assert.equal(cli.code, 0);
  assert.equal(cli.out, usageText(svcCommand()));
  assert.equal(cli.err, '');
});
