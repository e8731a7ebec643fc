// The people-side file cache: a stat per file and event-loop turn, a parse only when the file changed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCache } from '../../dist/auth/file-cache.js';
import { nextTurn } from '../helpers/next-turn.ts';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-file-cache-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('a change behind the cache\'s back is seen from the next turn on; forget() makes the writer\'s own change seen at once', async () => {
  const file = join(dir, 'a.txt');
  let parses = 0;
  const cache = new FileCache(new TrustedFolders(), (text) => { parses++; return text; });
  assert.equal(cache.read(file), undefined);
  writeFileSync(file, 'one');
  // Within the turn that found the file missing, it stays missing: one look per turn.
  assert.equal(cache.read(file), undefined);
  await nextTurn();
  assert.equal(cache.read(file), 'one');
  assert.equal(cache.read(file), 'one');
  assert.equal(parses, 1);

  writeFileSync(file, 'two, longer');
  assert.equal(cache.read(file), 'one');
  await nextTurn();
  assert.equal(cache.read(file), 'two, longer');
  assert.equal(parses, 2);

  writeFileSync(file, 'three, longer still');
  cache.forget(file);
  assert.equal(cache.read(file), 'three, longer still');

  rmSync(file);
  await nextTurn();
  assert.equal(cache.read(file), undefined);
  await nextTurn();
  assert.equal(cache.read(file), undefined, 'an unchanged file is not parsed again, a missing one is not remembered beyond its turn');
  writeFileSync(file, 'four');
  await nextTurn();
  assert.equal(cache.read(file), 'four');
});
