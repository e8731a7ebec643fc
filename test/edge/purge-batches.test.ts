// How a purge's tags are cut into requests (edge/purge-request.ts): no more tags than the target takes at
// once, and for Varnish no longer an xkey-purge header than it accepts (a 400 there held every later purge).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { batchesOf, VARNISH_KEYS_BYTES } from '../../dist/edge/purge-request.js';

test('batches keep every tag once, in order, within the count and the bytes', () => {
  const tags = Array.from({ length: 450 }, (_, i) => `entry:posts/a-long-weekend-walking-through-the-dolomites-part-${i}`);
  const batches = batchesOf(tags, 200, VARNISH_KEYS_BYTES);
  assert.deepEqual(batches.flat(), tags);
  for (const batch of batches) {
    assert.ok(batch.length <= 200);
    assert.ok(Buffer.byteLength(batch.join(' ')) <= VARNISH_KEYS_BYTES, `${Buffer.byteLength(batch.join(' '))} bytes`);
  }
  assert.ok(batches.length >= Math.ceil(Buffer.byteLength(tags.join(' ')) / VARNISH_KEYS_BYTES));
  // Short tags: the count decides; no limit of bytes: the count alone.
  assert.deepEqual(batchesOf(Array.from({ length: 450 }, (_, i) => `t${i}`), 200, VARNISH_KEYS_BYTES).map((batch) => batch.length), [200, 200, 50]);
  assert.deepEqual(batchesOf(tags, 30, Infinity).map((batch) => batch.length), [...Array(15).fill(30)]);
  assert.deepEqual(batchesOf([], 200, 100), []);
  // A tag longer than the bytes goes alone rather than be lost.
  assert.deepEqual(batchesOf(['a', 'b'.repeat(200), 'c'], 200, 100), [['a'], ['b'.repeat(200)], ['c']]);
});
