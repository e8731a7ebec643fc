// The sweep's baseline ids, packed into one buffer (content/list-engine/baseline-ids.ts), are found exactly as a set of
// the strings finds them, in any order given, and the ids the first pass did not find come back whole; the
// buffer is given back after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BaselineIds, packIds } from '../../dist/content/list-engine/baseline-ids.js';
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';

test('packed baseline ids are found as a set finds them, and the ones not found come back', () => {
  const random = seededRandom(7);
  const slug = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => 'ab-z09'[Math.floor(random() * 6)]).join('');
  // With prefixes of one another and neighbours in order, the cases a byte comparison gets wrong first.
  const made = Array.from({ length: 2000 }, () => (random() < 0.3 ? `pages/${slug()}/${slug()}` : `posts/${slug()}`));
  const ids = [...new Set([...made, 'posts/a', 'posts/a-', 'posts/a-b', 'posts/ab', 'posts/b'])];
  const baseline = new BaselineIds(packIds(ids));
  assert.equal(baseline.size, ids.length);
  const asked = [...ids.filter(() => random() < 0.6), 'posts/', 'posts/zz', 'pages', '', 'posts/a-b-', 'posts/-'];
  for (const id of asked) {
    const at = baseline.find(id);
    assert.equal(at >= 0 ? ids[at] : undefined, ids.includes(id) ? id : undefined, id);
  }
  const bytes = packIds(ids);
  const fresh = new BaselineIds(bytes);
  for (const id of asked) fresh.find(id);
  assert.deepEqual(fresh.notFound().sort(), ids.filter((id) => !asked.includes(id)).sort());
  assert.deepEqual(new BaselineIds(packIds([])).notFound(), []);
});
