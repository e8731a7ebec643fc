// Where the installed code is, and how a person runs it: messages that name a command must print one that
// works as printed, wherever the site folder is and however svc was installed.
import { realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The absolute path of one of the three entries in the installation's `dist/`. This file sits two levels
 * below the package (src/lib or dist/lib), so the same relative step works from the sources and the build.
 */
export function entryScriptPath(entry: 'cli' | 'server' | 'stdio'): string {
  return fileURLToPath(new URL(`../../dist/${entry}.js`, import.meta.url));
}

/** A word as a POSIX shell reads it back: left bare when it is plain, else in single quotes. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_\/.:=@%+,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/** The first `svc` on PATH, as the shell would find it, or null. */
function svcOnPath(path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'svc');
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

let known: string | undefined;

/**
 * The command that runs this installation's CLI: `svc` when the `svc` a shell finds on PATH is this one
 * (npm link, a global install of the checkout, or a link to dist/cli.js), else `node <abs path>/dist/cli.js`.
 * Never a bare `svc` that would run something else (the npm registry's `svc` is an unrelated package).
 */
export function svcCommand(path: string = process.env.PATH ?? ''): string {
  if (known !== undefined) return known;
  const cli = entryScriptPath('cli');
  const onPath = svcOnPath(path);
  const ours = realpathOrNull(cli) ?? cli;
  known = onPath !== null && realpathOrNull(onPath) === ours ? 'svc' : `node ${shellQuote(cli)}`;
  return known;
}

/**
 * The options that point a command at a site: `--root` unless it is the working directory, `--data` unless
 * it is `<root>/data`. With them a printed command works from any folder.
 */
export function siteOptions(site: { root: string; dataDir: string }): string {
  const root = site.root === process.cwd() ? '' : ` --root ${shellQuote(site.root)}`;
  const data = site.dataDir === join(site.root, 'data') ? '' : ` --data ${shellQuote(site.dataDir)}`;
  return root + data;
}

/** A command as a person types it for this site: `svc user list --root /srv/site`, then `rest` if any. */
export function siteCommand(site: { root: string; dataDir: string }, words: string, rest = ''): string {
  return `${svcCommand()} ${words}${siteOptions(site)}${rest ? ` ${rest}` : ''}`;
}
