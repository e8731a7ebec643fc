// A list row's cover follows its picture replaced by hand as soon as the store finds the change (its media
// generation), not a second later: the row cache here never looks again by time (its clock stands still).
// A store without a change feed sweeps and watches the media folders itself; the content generation moves
// with a media change, so every answer kept for the generation is made again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makePng } from '../helpers/images.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { ContentStore } from '../../dist/content/store.js';
import { listEntries } from '../../dist/content/query.js';
import { ListRowCache } from '../../dist/api/list-rows/list-rows.js';
import { canSeeTranslation } from '../../dist/content/content-rights.js';

const root = createFixtureSite();
const store = new ContentStore({ root, clock: Date.now, log: () => {} });
after(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

test('a cover replaced in place shows its new size in the kept rows once the store finds it, with no recheck by time', async () => {
  const cache = new ListRowCache({ isPublic: (entry, translation) => canSeeTranslation(null, entry, translation), now: () => 0 });
  const rows = () => cache.rowsJson(store, store.generation, listEntries(store, { type: 'post', language: 'en', status: 'published' }).rows, null);
  assert.match(rows(), /"cover":\{[^}]*"width":64,"height":32\}/);
  const cover = join(root, 'content/media/posts/hello/cover.png');
  // The sweep takes the media folders as they are at its first pass; written again until a change is found.
  let width = 70;
  const generation = store.generation;
  await waitFor(() => {
    store.generation;
    if (store.mediaGeneration === 0) writeFileSync(cover, makePng(++width, 40));
    assert.ok(store.mediaGeneration > 0);
  });
  await waitFor(() => {
    // Each write found moves the media generation: the last one is shown.
    assert.match(rows(), new RegExp(`"cover":\\{[^}]*"width":${width},"height":40\\}`));
  });
  assert.ok(store.generation > generation, 'the content generation moved with the media');
  writeFileSync(join(root, 'content/media/posts/hello/cover-48w.png'), makePng(48, 24));
  await waitFor(() => assert.match(rows(), /cover-48w\.png 48w/));
});
