// The Node version check the three entries run before loading anything else (src/lib/node-version-check.ts):
// its logic on version strings; the built entries on an older Node (the first `node` on PATH or in the usual
// places that is older than the floor: this machine's system Node 20), where each must still parse and say
// which Node it needs in one sentence; and on this Node, where the check lets them through. Run `make build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { meetsNodeFloor, unsupportedNodeSentence } from '../../dist/lib/node-version-check.js';
import { usageText } from '../../dist/cli/usage.js';
import { svcCommand } from '../../dist/lib/install-paths.js';

const dist = (file: string) => fileURLToPath(new URL(`../../dist/${file}`, import.meta.url));
const REFUSAL = /Node 22\.13 or newer is needed/;

/** Runs a built entry on `node` (this one by default) with no SVC_* settings; stdin closed. */
function runEntry(file: string, args: string[], node = process.execPath) {
  const result = spawnSync(node, [dist(file), ...args], { env: { PATH: process.env.PATH }, input: '', encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A node binary older than the floor, with its version, or undefined where this machine has none. */
function olderNode(): { path: string; version: string } | undefined {
  const places = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin'];
  for (const dir of places) {
    const path = join(dir, 'node');
    if (!existsSync(path)) continue;
    const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim();
    if (version && !meetsNodeFloor(version)) return { path, version };
  }
  return undefined;
}

test('Nodes older than 22.13 are refused with one sentence that names the version', () => {
  assert.equal(unsupportedNodeSentence('22.12.0'), 'svc: Node 22.13 or newer is needed (24 LTS recommended); this is Node 22.12.0.');
  assert.equal(unsupportedNodeSentence('20.19.0'), 'svc: Node 22.13 or newer is needed (24 LTS recommended); this is Node 20.19.0.');
  assert.equal(unsupportedNodeSentence('18.20.8'), 'svc: Node 22.13 or newer is needed (24 LTS recommended); this is Node 18.20.8.');
  assert.equal(unsupportedNodeSentence('21.7.3'), 'svc: Node 22.13 or newer is needed (24 LTS recommended); this is Node 21.7.3.');
});

test('Node 22.13.0, later 22 releases, 24 and 26 are accepted', () => {
  for (const version of ['22.13.0', '22.23.3', '23.0.0', '24.0.0', '24.21.0', '26.1.0']) {
    assert.equal(unsupportedNodeSentence(version), undefined, version);
  }
});

test('a refused Node ends the process with exit code 1 and only the sentence on stderr', () => {
  const check = pathToFileURL(dist('lib/node-version-check.js')).href;
  const script = `import { exitOnUnsupportedNode } from ${JSON.stringify(check)};\nexitOnUnsupportedNode('20.12.2');\nconsole.log('still running');\n`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(result.status, 1);
  assert.equal(result.stderr, 'svc: Node 22.13 or newer is needed (24 LTS recommended); this is Node 20.12.2.\n');
  assert.equal(result.stdout, '');
});

const older = olderNode();
test('on an older Node the built server, stdio and cli entries each end with the one sentence', { skip: older === undefined && 'no Node older than 22.13 on this machine' }, () => {
  const { path, version } = older!;
  const sentence = `svc: Node 22.13 or newer is needed (24 LTS recommended); this is Node ${version}.\n`;
  for (const [file, args] of [['server.js', ['--port', '0']], ['stdio.js', ['--token=x']], ['cli.js', ['help']], ['cli.js', ['serve']]] as const) {
    const result = runEntry(file, [...args], path);
    assert.equal(result.err, sentence, `${file} ${args.join(' ')}`);
    assert.equal(result.code, 1);
    assert.equal(result.out, '');
  }
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
