// Build step, run by `make build` right after tsc: `node dist/build/bundle-entry.js dist/stdio.js` replaces
// tsc's dist/stdio.js with the bundle of it and every module of ours it can load: a small entry and the
// modules file beside it (dist/stdio.<build>.modules.js). The stdio server's first answer is then not spent
// by the ES module loader resolving, reading and linking ~140 files. tsc's entry is kept beside it as
// dist/stdio.entry.js: the unbundled graph, for comparison, and what the bundle runs on a Node that cannot
// require() ES modules. Every other file of dist/ stays as tsc wrote it. Nothing at run time imports this.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
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
  // The modules file first, under its build's own name: an entry never names a modules file that is not whole.
  const folder = dirname(entry);
  const modulesFile = join(folder, bundle.modules.name);
  writeFileSync(`${modulesFile}.${process.pid}.tmp`, bundle.modules.text, { mode: 0o644 });
  renameSync(`${modulesFile}.${process.pid}.tmp`, modulesFile);
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
  removeEarlierBuilds(entry, bundle.modules.name);
  const size = Math.round(Buffer.byteLength(bundle.modules.text) / 1024);
  process.stdout.write(`bundle-entry: ${relative(process.cwd(), entry) || entry}: ${bundle.files.length} modules in ${relative(process.cwd(), modulesFile)} (${size} kB); tsc's entry kept as ${kept}\n`);
  return 0;
}

/** The modules files and code caches of earlier builds of `entry`: nothing names them any more. */
function removeEarlierBuilds(entry: string, current: string): void {
  const stem = basename(entry, '.js');
  const keep = new Set([current, current.replace(/\.modules\.js$/, '.code-cache')]);
  const earlier = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{12}\\.(modules\\.js|code-cache)$`);
  for (const name of readdirSync(dirname(entry))) {
    if (!earlier.test(name) || keep.has(name)) continue;
    try {
      unlinkSync(join(dirname(entry), name));
    } catch {
      // Removed meanwhile by another build; a process started before has read its modules file whole.
    }
  }
}

process.exitCode = main(process.argv.slice(2));
