// readFileUnmapped (src/lib/unmapped-read.ts) gives exactly the bytes readFileSync gives, whatever the size:
// small files as they are read anyway, large ones through a buffer above glibc's mapping ceiling.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileUnmapped } from '../src/lib/unmapped-read.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-unmapped-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function readWith(file: string, read: (fd: number) => Buffer, skip = 0): Buffer {
  const fd = openSync(file, 'r');
  try {
    if (skip > 0) readSync(fd, Buffer.alloc(skip), 0, skip, null);
    return read(fd);
  } finally {
    closeSync(fd);
  }
}

test('the same bytes as readFileSync: empty, small, large, and from a position already read to', () => {
  for (const size of [0, 1, 128 * 1024 - 1, 128 * 1024, 3_500_000]) {
    const file = join(dir, `f${size}`);
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 7919) & 0xff;
    writeFileSync(file, bytes);
    const read = readWith(file, readFileUnmapped);
    assert.equal(read.length, size);
    assert.ok(read.equals(readFileSync(file)), `${size} bytes`);
    if (size > 10) assert.ok(readWith(file, readFileUnmapped, 10).equals(readWith(file, readFileSync, 10)));
  }
});
