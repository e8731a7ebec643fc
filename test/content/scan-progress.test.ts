// A first start that reads every entry file says how far it is and how long is left, once a second, and
// when it is done (only when it took long enough to say anything).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScanProgress } from '../../dist/content/list-engine/scan-progress.js';

test('a long scan says how far it is and how long is left, then how long it took; a short one says nothing', () => {
  const lines: string[] = [];
  const long = new ScanProgress(100_000, (line) => lines.push(line), 0);
  for (let i = 0; i < 3; i++) long.step();
  long.end();
  assert.equal(lines.length, 4);
  for (const line of lines.slice(0, 3)) assert.match(line, /^svc: reading 100,000 entry folders… 0 %, some \d+ s left$/);
  assert.match(lines[3]!, /^svc: read 100,000 entry folders in \d+\.\d s$/);
  const quiet: string[] = [];
  const short = new ScanProgress(500, (line) => quiet.push(line));
  for (let i = 0; i < 500; i++) short.step();
  short.end();
  assert.deepEqual(quiet, []);
});
