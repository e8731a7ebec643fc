// The bounded cache (lib/lru.ts): by count, and with sizeOf by bytes too; the oldest unused value out first,
// a used one given a second chance (the clock's approximation of least recently used).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from '../../dist/lib/lru.js';

test('at most capacity values: the least recently used goes first, a get counts as a use and has does not', () => {
  const cache = new LruCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.has('b'), true);
  cache.set('c', 3);
  assert.deepEqual([cache.has('a'), cache.has('b'), cache.has('c')], [true, false, true]);
});

test('a value used since it was set or last passed over is kept over unused ones, and must be used again to stay', () => {
  const cache = new LruCache<string, number>(3);
  for (const key of ['a', 'b', 'c']) cache.set(key, key.charCodeAt(0));
  assert.equal(cache.get('a'), 97);
  assert.equal(cache.get('b'), 98);
  assert.equal(cache.peek('c'), 99, 'a peek is no use');
  cache.set('d', 100);
  assert.deepEqual(['a', 'b', 'c', 'd'].map((key) => cache.has(key)), [true, true, false, true]);
  // a and b were passed over (moved behind d, unmarked); d is now the oldest unused.
  cache.set('e', 101);
  assert.deepEqual(['a', 'b', 'd', 'e'].map((key) => cache.has(key)), [true, true, false, true]);
  cache.set('f', 102);
  assert.deepEqual(['a', 'b', 'e', 'f'].map((key) => cache.has(key)), [false, true, true, true]);
  // Every value used: each is passed over once, then the oldest goes; never the one just set.
  for (const key of ['b', 'e', 'f']) cache.get(key);
  cache.set('g', 103);
  assert.deepEqual(['b', 'e', 'f', 'g'].map((key) => cache.has(key)), [false, true, true, true]);
});

test('a value that is undefined is kept and counted like any other', () => {
  const cache = new LruCache<string, undefined | number>(1);
  cache.set('a', undefined);
  assert.equal(cache.has('a'), true);
  cache.set('b', 1);
  assert.deepEqual([cache.has('a'), cache.get('b')], [false, 1]);
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
