import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Moves a file or a folder (its folders made first). A rename where it can be one; between file systems
 * (data/ mounted apart from content/), a copy and then the removal of the original, so the original stays
 * whole until its copy is.
 */
export function movePath(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true, verbatimSymlinks: true, errorOnExist: true, force: false });
    rmSync(from, { recursive: true, force: true });
  }
}
