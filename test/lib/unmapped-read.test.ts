// allocUnmapped (src/process-tuning/unmapped-read.ts) gives a buffer of exactly the size asked, whatever the size:
// small ones as any, large ones cut from a buffer above glibc's mapping ceiling, each writable to its end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allocUnmapped } from '../../src/process-tuning/unmapped-read.js';

test('a buffer of exactly the size asked, below, at and above the thresholds, writable to its end', () => {
  for (const size of [0, 1, 128 * 1024 - 1, 128 * 1024, 3_500_000, 32 * 1024 * 1024 + 64 * 1024]) {
    const buffer = allocUnmapped(size);
    assert.equal(buffer.length, size, `${size} bytes`);
    buffer.fill(0xab);
    if (size > 0) assert.equal(buffer[size - 1], 0xab);
  }
});

test('buffers asked for one after the other do not share their bytes', () => {
  const first = allocUnmapped(3_500_000).fill(1);
  const second = allocUnmapped(3_500_000).fill(2);
  assert.equal(first[first.length - 1], 1);
  assert.equal(second[0], 2);
});
