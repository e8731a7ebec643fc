import { readdirSync } from 'node:fs';
import { isTempFileName } from './atomic-write.js';

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
  return names
    .filter((name) => name.endsWith(extension) && !name.startsWith('.') && !isTempFileName(name))
    .map((name) => name.slice(0, -extension.length));
}
