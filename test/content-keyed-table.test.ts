// The public paths' hash table (content/keyed-table.ts) answers as a Map would after seeded random sequences
// of sets, replacements and deletions, through its growing and its clearing out of removed cells; and the
// embedded-services memo (stats/services-memo.ts) reads again exactly the translations that are new objects.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyedTable } from '../src/content/keyed-table.js';
import { ServicesMemo } from '../src/stats/services-memo.js';
import { seededRandom } from '../src/cli/demo-traffic/seed-random.js';

interface Target { path: string; n: number }

test('the keyed table holds what a Map holds after random sets and deletions', () => {
  for (const seed of [1, 2, 3]) {
    const random = seededRandom(seed);
    const table = new KeyedTable<Target>((target) => target.path);
    const map = new Map<string, Target>();
    // Few distinct keys against many operations: cells are taken, freed and taken again.
    const keys = Array.from({ length: 3000 }, (_, n) => (n % 7 === 0 ? `/de/post-${n}` : `/post-${n}`));
    for (let step = 0; step < 40_000; step++) {
      const key = keys[Math.floor(random() * (step < 20_000 ? keys.length : 300))]!;
      if (random() < 0.35) { table.delete(key); map.delete(key); } else {
        const target = { path: key, n: step };
        table.set(key, target);
        map.set(key, target);
      }
      if (step % 997 === 0) for (const probe of keys) assert.equal(table.get(probe), map.get(probe), `seed ${seed}, step ${step}, ${probe}`);
    }
    assert.equal(table.size, map.size);
    for (const probe of [...keys, '', '/missing', '/post-']) assert.equal(table.get(probe), map.get(probe));
    table.clear();
    assert.equal(table.size, 0);
    assert.equal(table.get(keys[0]!), undefined);
  }
});

test('the services memo reads again only the translations that are new objects, in any order of change', () => {
  let reads = 0;
  const translation = (body: string) => ({ get body() { reads++; return body; } });
  const memo = new ServicesMemo([/video/, /map/]);
  const pass = (translations: Array<{ body: string }>) => {
    memo.begin();
    const masks = translations.map((item) => memo.maskOf(item));
    memo.end();
    return masks;
  };
  const site = Array.from({ length: 500 }, (_, n) => translation(n % 3 === 0 ? 'a video' : n % 5 === 0 ? 'a map and a video' : 'text'));
  const expected = (items: Array<{ body: string }>) => items.map((item) => { const body = item.body; return (/video/.test(body) ? 1 : 0) | (/map/.test(body) ? 2 : 0); });
  const first = pass(site);
  assert.equal(reads, 500);
  reads = 0;
  assert.deepEqual(first, expected(site));
  reads = 0;
  assert.deepEqual(pass(site), first);
  assert.equal(reads, 0, 'an unchanged site reads nothing');
  // One changed, a few removed, one added at the end.
  const changed = translation('now a map');
  const next = [...site.slice(0, 10), changed, ...site.slice(11, 200), ...site.slice(205), translation('a video')];
  reads = 0;
  const masks = pass(next);
  assert.equal(reads, 2, 'the changed and the added translation only');
  reads = 0;
  assert.deepEqual(masks, expected(next));
  // Many removed at one place (more than the look-ahead): still right, at the cost of reading again.
  const gapped = [...next.slice(0, 50), ...next.slice(400)];
  reads = 0;
  const afterGap = pass(gapped);
  reads = 0;
  assert.deepEqual(afterGap, expected(gapped));
});
