// Build step, run by `make build` right after tsc: `node dist/build/bundle-entry.js dist/stdio.js` replaces
// tsc's dist/stdio.js with one file holding it and every module of ours it can load. The stdio server's
// first answer is then not spent by the ES module loader resolving, reading and linking ~140 files. tsc's
// entry is kept beside it as dist/stdio.entry.js: the unbundled graph, for comparison, and what the bundle
// runs on a Node that cannot require() ES modules. Every other file of dist/ stays as tsc wrote it. Nothing
// at run time imports this.
import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { buildBundle, isBundle } from './build-bundle.js';
import { BundleError } from './bundle-error.js';

function main(args: string[]): number {
  const [entry, ...rest] = args;
  if (entry === undefined || rest.length > 0 || !entry.endsWith('.js')) {
    process.stderr.write('usage: node dist/build/bundle-entry.js <entry.js>   (replaces the entry with its bundle)\n');
    return 2;
  }
  const original = readFileSync(entry, 'utf8');
  if (isBundle(original)) {
    process.stderr.write(`bundle-entry: ${entry} is already a bundle; run tsc first (make build runs both).\n`);
    return 1;
  }
  const kept = `${entry.slice(0, -'.js'.length)}.entry.js`;
  let bundle;
  try {
    // Assistants are told to call site_info first: its tool is part of nearly every session's first answer.
    bundle = buildBundle(entry, entry, { fallback: kept, warm: ['mcp/tools/site-info.js'] });
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    process.stderr.write(`bundle-entry: cannot bundle ${entry}: ${error.message}\n`);
    return 1;
  }
  const mode = statSync(entry).mode & 0o777;
  writeFileSync(kept, original, { mode });
  // Written beside and renamed over, so a process starting meanwhile reads one whole file or the other;
  // first Node itself checks that it parses (as an ES module: the name ends in .js inside dist/).
  const temporary = `${entry}.${process.pid}.tmp.js`;
  writeFileSync(temporary, bundle.text, { mode });
  const check = spawnSync(process.execPath, ['--check', temporary], { encoding: 'utf8' });
  if (check.status !== 0) {
    unlinkSync(temporary);
    process.stderr.write(`bundle-entry: the bundle of ${entry} does not parse:\n${check.stderr}`);
    return 1;
  }
  renameSync(temporary, entry);
  const size = Math.round(Buffer.byteLength(bundle.text) / 1024);
  process.stdout.write(`bundle-entry: ${relative(process.cwd(), entry) || entry}: ${bundle.files.length} modules in one file (${size} kB); tsc's entry kept as ${kept}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
