// `make bench`: runs every test/bench/*.bench.ts in turn, each in its own process, and fails when one fails.
// Figures are compared side by side within one run; they are never timed assertions in `make test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('./', import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here).filter((name) => name.endsWith('.bench.ts')).sort()
  .filter((name) => only.length === 0 || only.some((word) => name.includes(word)));
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n=== ${file}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    process.stdout.write(`${file} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.stdout.write(`\n${files.length - failed} benches ran, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
