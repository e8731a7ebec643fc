// The least-recently-used cache (lib/lru.ts): bounded by count, and with sizeOf by bytes too, oldest use out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from '../../src/lib/lru.js';

test('at most capacity values: the least recently used goes first, a get counts as a use and has does not', () => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.has('b'), true);
  cache.set('c', 3);
  assert.deepEqual([cache.has('a'), cache.has('b'), cache.has('c')], [true, false, true]);
});

test('with a byte bound the oldest go until the rest fit, never the value just set; delete and clear give bytes back', () => {
  const cache = new LruCache<string, string>(Infinity, { maxBytes: 10, sizeOf: (value) => value.length });
  cache.set('a', 'xxxx');
  cache.set('b', 'xxxx');
  cache.set('c', 'xxxx');
  assert.deepEqual([cache.has('a'), cache.has('b'), cache.has('c')], [false, true, true]);
  cache.set('big', 'x'.repeat(20));
  assert.deepEqual([cache.has('b'), cache.has('c'), cache.has('big')], [false, false, true]);
  cache.delete('big');
  cache.set('d', 'xxxxx');
  cache.set('e', 'xxxxx');
  assert.deepEqual([cache.has('d'), cache.has('e')], [true, true]);
  cache.set('d', 'xxxxx');
  assert.deepEqual([cache.has('d'), cache.has('e')], [true, true], 'setting a key again replaces its bytes');
  cache.clear();
  cache.set('f', 'x'.repeat(10));
  assert.equal(cache.has('f'), true);
});
