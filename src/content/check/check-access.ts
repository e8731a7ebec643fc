import { accessSync, constants, readdirSync, readlinkSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { specialKind } from '../../lib/regular-file.js';
import type { SiteProblems } from './site-problems.js';

/** What the server does in a folder: only reads it (plugins, theme) or also writes it (content, data). */
export type Access = 'read' | 'write';

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
 * cannot read, or cannot write where the server writes, and anything that is neither file nor folder.
 */
export function checkAccess(top: string, access: Access, problems: SiteProblems): void {
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
        problems.add(path, `This is a symbolic link${target}; svc does not follow links, so what it points to is not part of the site. Put the file or folder itself here.`);
      } else if (item.isDirectory()) {
        visit(path);
      } else if (!item.isFile()) {
        const kind = specialKind(item);
        problems.add(path, kind ? `This is ${kind}, not a regular file; svc ignores it.` : 'This is neither a file nor a folder; svc ignores it.');
      } else if (!allowed(path, fileMode)) {
        problems.add(path, `This file cannot be ${verb} by ${user}, and the server needs to.`);
      }
    }
  };
  visit(top);
}
