// The answer caches (lib/generation-cache.ts): values kept for one generation, and with keepOnSecondAsk
// only for keys asked before, so addresses asked once do not push out those asked again and again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ASKED_WINDOW_MIN, GenerationCache } from '../../dist/lib/generation-cache.js';

test('a value is kept for its generation only, and one made under an older generation is not kept', () => {
  const cache = new GenerationCache<string>(10);
  cache.set(1, 'a', 'one');
  assert.equal(cache.get(1, 'a'), 'one');
  assert.equal(cache.get(2, 'a'), undefined);
  cache.set(2, 'b', 'two');
  cache.set(1, 'a', 'stale');
  assert.equal(cache.get(2, 'a'), undefined);
  assert.equal(cache.get(2, 'b'), 'two');
});

test('with keepOnSecondAsk a value is kept from the second time its key is asked', () => {
  const cache = new GenerationCache<string>(2, { keepOnSecondAsk: true });
  cache.set(1, 'a', 'first');
  assert.equal(cache.get(1, 'a'), undefined, 'asked once: not kept');
  cache.set(1, 'a', 'second');
  assert.equal(cache.get(1, 'a'), 'second');
  // Keys asked once, however many, leave the kept ones alone.
  for (let i = 0; i < 100; i++) cache.set(1, `once-${i}`, 'x');
  assert.equal(cache.get(1, 'a'), 'second');
  // A key asked again within ASKED_WINDOW_MIN other keys asked once is remembered; one asked again only after
  // twice as many is not (a cache this small would have pushed its answer out long before).
  cache.set(1, 'c', 'c1');
  for (let i = 0; i < ASKED_WINDOW_MIN - 1; i++) cache.set(1, `between-${i}`, 'x');
  cache.set(1, 'c', 'c2');
  assert.equal(cache.get(1, 'c'), 'c2', 'c was remembered for its second ask');
  cache.set(1, 'b', 'b1');
  for (let i = 0; i < 2 * ASKED_WINDOW_MIN; i++) cache.set(1, `later-${i}`, 'x');
  cache.set(1, 'b', 'b2');
  assert.equal(cache.get(1, 'b'), undefined, 'b was forgotten before its second ask');
});

test('with maxBytes the kept values take at most that many bytes, oldest out, and a value over it is not kept', () => {
  const cache = new GenerationCache<string>(100, { maxBytes: 30, sizeOf: (value) => value.length });
  // Each value counts with its key: 9 + 1 bytes.
  cache.set(1, 'a', 'x'.repeat(9));
  cache.set(1, 'b', 'y'.repeat(9));
  cache.set(1, 'c', 'z'.repeat(9));
  assert.equal(cache.keptBytes, 30);
  assert.equal(cache.get(1, 'a'), 'x'.repeat(9));
  cache.set(1, 'd', 'w'.repeat(4));
  assert.equal(cache.get(1, 'a'), undefined, 'the oldest made room');
  assert.equal(cache.get(1, 'd'), 'w'.repeat(4));
  assert.ok(cache.keptBytes <= 30);
  cache.set(1, 'b', 'v'.repeat(2));
  assert.equal(cache.get(1, 'b'), 'vv', 'a key set again counts its new value only');
  // c (10) + d (5) + b (3), each with its key.
  assert.equal(cache.keptBytes, 18);
  cache.set(1, 'e', 'u'.repeat(40));
  assert.equal(cache.get(1, 'e'), undefined, 'larger than the whole budget: not kept');
  assert.equal(cache.get(1, 'c'), 'z'.repeat(9), 'and nothing was pushed out for it');
  cache.set(2, 'f', 'f');
  assert.equal(cache.keptBytes, 2, 'a new generation starts from nothing');
});

test('with keepOnSecondAsk, keys asked once are remembered for about as many others as the cache holds values', () => {
  const cache = new GenerationCache<string>(1000, { keepOnSecondAsk: true });
  // 200 values kept: a key asked again after 150 others is kept, one asked again after 500 others is not.
  for (let i = 0; i < 200; i++) { cache.set(1, `hot-${i}`, 'x'); cache.set(1, `hot-${i}`, 'x'); }
  cache.set(1, 'near', 'n1');
  cache.set(1, 'far', 'f1');
  for (let i = 0; i < 150; i++) cache.set(1, `once-${i}`, 'x');
  cache.set(1, 'near', 'n2');
  for (let i = 150; i < 500; i++) cache.set(1, `once-${i}`, 'x');
  cache.set(1, 'far', 'f2');
  assert.equal(cache.get(1, 'near'), 'n2');
  assert.equal(cache.get(1, 'far'), undefined);
});
