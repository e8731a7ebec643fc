// An entry's earlier versions go to the trash with it, and come back with it. They are kept under the
// entry's id (content/revisions.ts: `data/revisions/<id>/<lang>/`, `data/styles/<id>/`), and an id is free
// again once its entry is in the trash: a new entry made there meanwhile would list the deleted one's
// versions as its own (a draft of someone else's, to whoever may edit the new one), and deleting the item
// for good would leave them behind. So they move into the item's folder (`versions/revisions/<lang>/`,
// `versions/styles/`), and are deleted for good with it.
//
// An item put in the trash before the versions went with it has no `versions/` folder: deleting it for
// good removes the versions still under its id, unless an entry is there again (then they may be its own).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { movePath } from '../../lib/move-path.js';
import { listFolderNoFollow, removeNoFollow, statNoFollow } from '../../lib/no-follow.js';
import { isLanguageFolder, revisionsDir, styleDir } from '../revisions.js';
import type { TrustedFolders } from '../../lib/trusted-folders.js';


/** The names in `dir` that `keep` says yes to (none when it is missing). Child entries' versions are folders, never languages. */
function namesIn(trusted: TrustedFolders, dir: string, keep: (name: string, isFile: boolean) => boolean): string[] {
  try {
    return listFolderNoFollow(trusted, dir).filter((item) => keep(item.name, item.isFile())).map((item) => item.name);
  } catch {
    return [];
  }
}

/**
 * The language folders of an entry's revisions. A child page's versions are a folder there too, named by
 * its slug, which may look like a language (`faq`); it holds language folders, a language's holds files.
 */
function languageFolders(trusted: TrustedFolders, revisions: string): string[] {
  return namesIn(trusted, revisions, (name, isFile) => !isFile && isLanguageFolder(name))
    .filter((name) => namesIn(trusted, join(revisions, name), (_, isFile) => !isFile).length === 0);
}

/** Removes a folder and what is in it (a link at `path` is not followed: it is removed itself). */
function removeFolder(trusted: TrustedFolders, path: string): void {
  if (statNoFollow(trusted, path)?.isDirectory()) rmSync(path, { recursive: true, force: true });
}

/** Moves `from` to `to`, or, where `to` is a folder already, each of its files into it under a name not taken. */
function moveOrMerge(trusted: TrustedFolders, from: string, to: string): void {
  if (!statNoFollow(trusted, to)) return movePath(from, to);
  for (const name of namesIn(trusted, from, (_, isFile) => isFile)) {
    const dot = name.lastIndexOf('.');
    let target = join(to, name);
    for (let n = 2; statNoFollow(trusted, target); n++) target = join(to, `${name.slice(0, dot)}-${n}${name.slice(dot)}`);
    movePath(join(from, name), target);
  }
  removeFolder(trusted, from);
}

/**
 * Moves the versions of an entry (every language's revisions and its CSS versions), or of one translation
 * (`language`), into the trash item's folder.
 */
export function versionsIntoTrash(trusted: TrustedFolders, dataDir: string, entryId: string, language: string | null, itemFolder: string): void {
  const revisions = revisionsDir(dataDir, entryId);
  const languages = language !== null ? [language] : languageFolders(trusted, revisions);
  for (const name of languages) {
    if (statNoFollow(trusted, join(revisions, name))) movePath(join(revisions, name), join(itemFolder, 'versions', 'revisions', name));
  }
  if (language !== null) return;
  const styles = styleDir(dataDir, entryId);
  for (const name of namesIn(trusted, styles, (file, isFile) => isFile && file.endsWith('.css'))) {
    movePath(join(styles, name), join(itemFolder, 'versions', 'styles', name));
  }
}

/** Puts the versions a trash item holds back under the entry's id (with any kept there since: none is written over). */
export function versionsFromTrash(trusted: TrustedFolders, dataDir: string, entryId: string, itemFolder: string): void {
  const kept = join(itemFolder, 'versions');
  for (const name of languageFolders(trusted, join(kept, 'revisions'))) {
    moveOrMerge(trusted, join(kept, 'revisions', name), join(revisionsDir(dataDir, entryId), name));
  }
  if (statNoFollow(trusted, join(kept, 'styles'))) moveOrMerge(trusted, join(kept, 'styles'), styleDir(dataDir, entryId));
}

/**
 * Before an item is deleted for good: an item from before the versions went with it left them under the
 * entry's id, and they go now, unless what it held is there again (`inUseAgain`: an entry at its id, or the
 * translation written again), whose versions they may then be.
 */
export function removeVersionsLeftBehind(trusted: TrustedFolders, dataDir: string, entryId: string, language: string | null, itemFolder: string, inUseAgain: boolean): void {
  if (inUseAgain || statNoFollow(trusted, join(itemFolder, 'versions'))) return;
  const revisions = revisionsDir(dataDir, entryId);
  const languages = language !== null ? [language] : languageFolders(trusted, revisions);
  for (const name of languages) removeFolder(trusted, join(revisions, name));
  if (language !== null) return;
  const styles = styleDir(dataDir, entryId);
  for (const name of namesIn(trusted, styles, (file, isFile) => isFile && file.endsWith('.css'))) removeNoFollow(trusted, join(styles, name));
}
