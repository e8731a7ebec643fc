// Whether the folders a configuration names (its root and its data folder) can hold a site that starts: the
// servers and the CLI's writing commands make a missing data folder, the commands that only read just look.
// config.ts reads the settings; this looks at the disk they point at, so it takes the two paths alone.
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** prepareConfiguredFolders without making anything (for commands that only read): a data folder may be missing. */
export function checkConfiguredFolders(config: { root: string; dataDir: string }): FolderProblem | null {
  const { root, dataDir } = config;
  let isFolder: boolean;
  try {
    isFolder = statSync(root).isDirectory();
  } catch {
    return { kind: 'no-root', path: root };
  }
  if (!isFolder) return { kind: 'root-is-file', path: root };
  if (!existsSync(join(root, 'content', 'site.yaml'))) return { kind: 'no-site', path: root };
  try {
    if (!statSync(dataDir).isDirectory()) return { kind: 'data-is-file', path: dataDir };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { kind: 'data-unusable', path: dataDir, error };
  }
  return null;
}

/** What keeps the configured folders from holding a site that can start; wiring/start-failure.ts words it. */
export type FolderProblem =
  | { kind: 'no-root' | 'root-is-file' | 'no-site' | 'data-is-file'; path: string }
  | { kind: 'data-unusable'; path: string; error: unknown };

/**
 * Before anything is built: the root is a folder holding content/site.yaml, and the data folder exists (made
 * private on first use, as `svc init` makes it) and can be written. Null when so. Node's fs alone, since the
 * stdio server runs it on the way to its first answer.
 */
export function prepareConfiguredFolders(config: { root: string; dataDir: string }): FolderProblem | null {
  const problem = checkConfiguredFolders(config);
  if (problem !== null) return problem;
  const { dataDir } = config;
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (error) {
    return { kind: 'data-unusable', path: dataDir, error };
  }
  return null;
}
