// The public paths' hash table (content/list-engine/keyed-table.ts) answers as a Map would after seeded random sequences
// of sets, replacements and deletions, through its growing and its clearing out of removed cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyedTable } from '../../dist/content/list-engine/keyed-table.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';

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
