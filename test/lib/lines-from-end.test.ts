// Reading a log from its end: every line, last first, exactly as written, whatever the block boundaries cut
// (long lines, multi-byte characters split between two blocks, no newline at the end, empty lines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { linesFromEnd } from '../../dist/lib/lines-from-end.js';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const dir = makeTempFolder('svc-lines-');
const linesOf = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return [...linesFromEnd(new TrustedFolders([dir]), join(dir, name))];
};

test('short files: last line first, empty lines kept, a last line without newline included', () => {
  assert.deepEqual(linesOf('empty', ''), []);
  assert.deepEqual(linesOf('one', 'only'), ['only']);
  assert.deepEqual(linesOf('three', 'a\n\nc\n'), ['', 'c', '', 'a']);
  assert.deepEqual(linesOf('unfinished', 'a\nb\n{"broken'), ['{"broken', 'b', 'a']);
});

test('lines and multi-byte characters that straddle the 64 KB blocks come back whole', () => {
  // Lines of varied lengths with 2-, 3- and 4-byte characters, some longer than a block.
  const lines: string[] = [];
  for (let n = 0; n < 400; n++) lines.push(`${n} ${'ä€😀'.repeat((n * 37) % 300)}${n % 50 === 0 ? 'x'.repeat(70_000) : ''}`);
  const text = `${lines.join('\n')}\n`;
  assert.ok(Buffer.byteLength(text) > 4 * 64 * 1024);
  assert.deepEqual(linesOf('long', text), ['', ...lines.reverse()]);
});

test('stopping early reads no further, and a link is refused', () => {
  writeFileSync(join(dir, 'many'), Array.from({ length: 100_000 }, (_, n) => `line ${n}`).join('\n'));
  const seen: string[] = [];
  for (const line of linesFromEnd(new TrustedFolders([dir]), join(dir, 'many'))) {
    seen.push(line);
    if (seen.length === 3) break;
  }
  assert.deepEqual(seen, ['line 99999', 'line 99998', 'line 99997']);
  symlinkSync(join(dir, 'many'), join(dir, 'link'));
  assert.throws(() => [...linesFromEnd(new TrustedFolders([dir]), join(dir, 'link'))], { name: 'AppError' });
});
