import { isTempFileName, removeStaleTempFile } from './atomic-write.js';
import { join } from 'node:path';
import { builtinModule } from './builtin-module.js';
const { readdirSync } = builtinModule('node:fs');

/**
 * The names (without the extension) of the record files in a folder: `<name><extension>`, leaving out hidden
 * files and temp files of interrupted writes. A missing folder has none.
 */
export function listRecordNames(dir: string, extension: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  for (const name of names) if (isTempFileName(name)) removeStaleTempFile(join(dir, name));
  return names
    .filter((name) => name.endsWith(extension) && !name.startsWith('.') && !isTempFileName(name))
    .map((name) => name.slice(0, -extension.length));
}
