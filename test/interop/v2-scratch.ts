// The scratch folder of the interop runs that need the newer tools: the official v2 client
// (@modelcontextprotocol/client 2.4.x), conformance 0.2.0-alpha.12 and Node 22 (which the conformance
// suite needs), all from the npm registry into a folder outside the repository, installed once and reused.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(new URL('./', import.meta.url));
export const V2_CLIENT = '@modelcontextprotocol/client@~2.4.0';
export const CONFORMANCE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NODE22 = 'node@22';

export interface V2Scratch {
  dir: string;
  /** A Node 22 binary (from the node@22 package). */
  node22: string;
  /** The conformance suite's entry, to run with node22. */
  conformance: string;
}

export function prepareV2Scratch(say: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): V2Scratch {
  const dir = process.env.SVC_INTEROP_V2_DIR ?? join(tmpdir(), 'svc-interop-v2');
  const node22 = join(dir, 'node_modules', '.bin', 'node');
  const conformance = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const client = join(dir, 'node_modules', '@modelcontextprotocol', 'client', 'package.json');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true,"type":"module"}\n');
  if (!existsSync(node22) || !existsSync(conformance) || !existsSync(client)) {
    say(`installing ${V2_CLIENT}, ${CONFORMANCE} and ${NODE22} into ${dir}`);
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', V2_CLIENT, CONFORMANCE, NODE22], { cwd: dir, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('npm install of the v2 client, the conformance suite and Node 22 failed');
  }
  for (const file of ['v2-exercise.mjs', 'v2-client-http.mjs', 'v2-client-stdio.mjs', 'v2-listen.mjs', 'v2-oauth-cimd.mjs', 'oauth-browser.mjs']) copyFileSync(join(HERE, file), join(dir, file));
  return { dir, node22, conformance };
}
