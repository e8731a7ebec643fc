// The theme (templates, translations, theme.yaml's cards) and the plugins (their cards) are read when a
// server starts: a change to them shows from that start on, on every page. So the server that starts with a
// theme or plugins other than those the feed last heard of records `theme.changed` or `plugins.changed`
// (via disk), once, for caches to purge and webhooks to tell. What was heard of is a digest of each folder's
// files (path, size, mtime) kept beside the feed; the first start of a site has nothing to compare with and
// records nothing. A stdio session or the command line renders no page and records none of this.
import { createHash } from '../../lib/node-builtins.js';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../lib/atomic-write.js';
import { withFileLock } from '../../lib/file-lock.js';
import { readTextNoFollow } from '../../lib/no-follow.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';
import type { NewChange } from '../../feed/change-event.js';

const PARTS = ['theme', 'plugins'] as const;
/** A theme or plugin folder is small; past this many files (or folders deep) the rest is not looked at. */
const MAX_FILES = 5_000;
const MAX_DEPTH = 6;

type Digests = Record<(typeof PARTS)[number], string>;

/** Records `theme.changed` / `plugins.changed` for what differs from the digests kept in `dataDir`, and keeps the new ones. */
export function recordSiteParts(trusted: TrustedFolders, root: string, dataDir: string, append: (change: NewChange) => boolean): void {
  const kept = join(dataDir, 'feed', 'site-parts.json');
  withFileLock(trusted, join(dataDir, 'locks', 'site-parts.lock'), () => {
    const now = Object.fromEntries(PARTS.map((part) => [part, digestOf(join(root, part))])) as Digests;
    const before = readDigests(trusted, kept);
    if (before !== null) {
      for (const part of PARTS) {
        if (before[part] === now[part]) continue;
        // Not kept as heard of when the feed could not take it: the next start tries again.
        if (!append({ kind: `${part}.changed`, entry: null, languages: [], paths: [], before: [], via: 'disk', person: null, token: null, detail: `${part}/` })) now[part] = before[part];
      }
    }
    if (before === null || PARTS.some((part) => before[part] !== now[part])) writeFileAtomic(trusted, kept, JSON.stringify(now) + '\n', 0o600);
  });
}

/** A digest of the files below `folder` (links as names only, never followed); '' when there is none. */
function digestOf(folder: string): string {
  const hash = createHash('sha256');
  let files = 0;
  const walk = (dir: string, relative: string, depth: number) => {
    let names;
    try { names = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const item of names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (files++ >= MAX_FILES) return;
      const path = join(dir, item.name);
      const name = relative === '' ? item.name : `${relative}/${item.name}`;
      if (item.isDirectory()) {
        hash.update(`d ${name}\n`);
        if (depth < MAX_DEPTH) walk(path, name, depth + 1);
        continue;
      }
      try {
        const stat = lstatSync(path);
        hash.update(`${item.isSymbolicLink() ? 'l' : 'f'} ${name} ${stat.size} ${stat.mtimeMs}\n`);
      } catch { /* gone meanwhile */ }
    }
  };
  walk(folder, '', 1);
  return files === 0 ? '' : hash.digest('hex');
}

function readDigests(trusted: TrustedFolders, file: string): Digests | null {
  try {
    const value = JSON.parse(readTextNoFollow(trusted, file)) as Record<string, unknown>;
    return PARTS.every((part) => typeof value[part] === 'string') ? value as Digests : null;
  } catch {
    return null;
  }
}
