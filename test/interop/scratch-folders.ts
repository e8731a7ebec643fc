// The interop runs' scratch folders, outside the repository, each installed once (scratchPackages: one
// install under a lock, then reused) with the clients nobody here wrote, and the run's scripts copied beside
// them, where they find those packages:
// - v1: the official SDK's client (@modelcontextprotocol/sdk 1.32) and zod, for run.ts and oauth.ts;
// - v2: the official v2 client (@modelcontextprotocol/client 2.4.x), conformance 0.2.0-alpha.12 and Node 22
//   (which the conformance suite needs).
import { copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchPackages } from '../helpers/scratch-packages.ts';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const MODULE_PACKAGE = '{"private":true,"type":"module"}\n';
const V1_SDK = '@modelcontextprotocol/sdk@1.32.2';
export const V2_CLIENT = '@modelcontextprotocol/client@~2.4.0';
export const CONFORMANCE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NODE22 = 'node@22';

/** `packages` in `dir` (said first when they are not there yet), and `scripts` of this folder copied into it. */
function prepare(dir: string, packages: string[], scripts: string[], say: (line: string) => void): string {
  scratchPackages(dir, packages, { packageJson: MODULE_PACKAGE, beforeInstall: () => say(`installing ${packages.join(', ')} into ${dir}`) });
  for (const file of scripts) copyFileSync(join(HERE, file), join(dir, file));
  return dir;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The v1 SDK client's folder (SVC_INTEROP_DIR, else svc-interop in the OS temp folder). */
export function prepareV1Scratch(log: (line: string) => void = say): string {
  const dir = process.env.SVC_INTEROP_DIR ?? join(tmpdir(), 'svc-interop');
  return prepare(dir, [V1_SDK, 'zod@4'], ['sdk-client-http.mjs', 'sdk-client-stdio.mjs', 'sdk-exercise.mjs', 'oauth-sdk-client.mjs', 'oauth-browser.mjs'], log);
}

export interface V2Scratch {
  dir: string;
  /** A Node 22 binary (from the node@22 package). */
  node22: string;
  /** The conformance suite's entry, to run with node22. */
  conformance: string;
}

/** The v2 client's and the conformance suite's folder (SVC_INTEROP_V2_DIR, else svc-interop-v2 in the OS temp folder). */
export function prepareV2Scratch(log: (line: string) => void = say): V2Scratch {
  const dir = process.env.SVC_INTEROP_V2_DIR ?? join(tmpdir(), 'svc-interop-v2');
  prepare(dir, [V2_CLIENT, CONFORMANCE, NODE22], ['v2-exercise.mjs', 'v2-client-http.mjs', 'v2-client-stdio.mjs', 'v2-listen.mjs', 'v2-oauth-cimd.mjs', 'oauth-browser.mjs'], log);
  return {
    dir,
    node22: join(dir, 'node_modules', '.bin', 'node'),
    conformance: join(dir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
  };
}
