// What a folder holds, file by file, taken before and after a refused request or an attack to show that it
// wrote nothing, there or outside the site.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file below `dir` (none when it is missing), by path from `dir`, with its content in `encoding`. */
export function fileContents(dir: string, encoding: BufferEncoding = 'utf8'): Record<string, string> {
  const files: Record<string, string> = {};
  if (!existsSync(dir)) return files;
  for (const item of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!item.isFile()) continue;
    const path = join(item.parentPath, item.name);
    files[relative(dir, path)] = readFileSync(path, encoding);
  }
  return files;
}
