// Temp folders for tests that are removed when the test file's process ends, however the test ended: a
// failed assertion or a forgotten cleanup leaves nothing behind in the system's temp folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new folder in the system's temp folder, named `<prefix>XXXXXX`, removed at the end of the process. */
export function makeTempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
