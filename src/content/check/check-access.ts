import { accessSync, constants, existsSync, readdirSync, readlinkSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { specialKind } from '../../lib/regular-file.js';
import { isTempFileName } from '../../lib/atomic-write.js';
import type { SiteProblems } from './site-problems.js';

/** What the server does in a folder: only reads it (plugins, theme) or also writes it (content, data). */
export type Access = 'read' | 'write';

/** The temp files the notes of writers name (lib/temp-file-journal.ts notedTempFiles). */
export interface NotedTempFiles {
  /** Of writes in flight now: no leftovers. */
  live: ReadonlySet<string>;
  /** Of writers that are gone: the next start removes them. */
  gone: ReadonlySet<string>;
}

const CUT_SHORT = 'This is the temp file of a write that was cut short (its process stopped mid-write); the file it was for is whole';

/** A temp file found in a folder the server writes: a leftover of an interrupted write, unless in flight. */
function noteTempFile(path: string, noted: NotedTempFiles, problems: SiteProblems): void {
  if (noted.live.has(path)) return;
  // Not noted at all: made before writers kept notes, or its note was lost with the disk's cache.
  problems.add(path, noted.gone.has(path) ? `${CUT_SHORT}, and the next start removes this one.` : `${CUT_SHORT}; no process is writing it, so it can be deleted.`);
}

function allowed(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

function whoAmI(): string {
  try {
    return userInfo().username;
  } catch {
    return `user ${process.getuid?.() ?? '?'}`;
  }
}

/**
 * Walks a folder without following links and notes what the server would trip over: symbolic links (the
 * content index skips them, so what they point to is not part of the site), files and folders this user
 * cannot read, or cannot write where the server writes, and anything that is neither file nor folder; and
 * where it writes, with `noted`, the temp files that interrupted writes left.
 */
export function checkAccess(top: string, access: Access, problems: SiteProblems, noted?: NotedTempFiles): void {
  const user = whoAmI();
  const folderMode = constants.R_OK | constants.X_OK | (access === 'write' ? constants.W_OK : 0);
  const fileMode = constants.R_OK | (access === 'write' ? constants.W_OK : 0);
  const verb = access === 'write' ? 'read and written' : 'read';
  const visit = (dir: string): void => {
    if (!allowed(dir, folderMode)) {
      problems.add(dir, `This folder cannot be ${verb} by ${user}, and the server needs to.`);
      if (!allowed(dir, constants.R_OK | constants.X_OK)) return;
    }
    let items: Dirent[];
    try {
      items = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const item of items.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(dir, item.name);
      if (item.isSymbolicLink()) {
        let target = '';
        try { target = ` to ${readlinkSync(path)}`; } catch { /* unreadable link */ }
        // Below theme/ and plugins/ (read only) links are followed, as the server reads them (regular-file.ts):
        // a theme shared between sites. What such a link leads to is judged; only content/ and the data
        // folder refuse links themselves.
        if (access === 'read') {
          let led;
          try { led = statSync(path, { throwIfNoEntry: false }); } catch { /* a loop of links: leads nowhere */ }
          if (led === undefined) problems.add(path, `This is a symbolic link${target}, which leads nowhere; svc ignores it.`);
          else if (specialKind(led)) problems.add(path, `This is a symbolic link${target}, ${specialKind(led)}, not a regular file; svc ignores it.`);
          continue;
        }
        problems.add(path, `This is a symbolic link${target}; svc does not follow links, so what it points to is not part of the site. Put the file or folder itself here.`);
      } else if (item.isDirectory()) {
        visit(path);
      } else if (item.isFile() && noted && isTempFileName(item.name)) {
        noteTempFile(path, noted, problems);
      } else if (!item.isFile()) {
        const kind = specialKind(item);
        problems.add(path, kind ? `This is ${kind}, not a regular file; svc ignores it.` : 'This is neither a file nor a folder; svc ignores it.');
      } else if (item.name.includes('\uFFFD') && !existsSync(path)) {
        // Read as UTF-8, a name of other bytes comes back with U+FFFD in it, and names no file.
        problems.add(path, 'This name is not valid UTF-8, so svc cannot open it by its name; rename it.');
      } else if (!allowed(path, fileMode)) {
        problems.add(path, `This file cannot be ${verb} by ${user}, and the server needs to.`);
      }
    }
  };
  visit(top);
}
