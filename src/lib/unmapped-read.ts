const { fstatSync, readSync, readFileSync } = process.getBuiltinModule('node:fs');

/**
 * glibc maps an allocation of 128 KB or more on its own, and when such a mapping is freed it raises, for
 * the rest of the process, the size from which it maps (to the size freed) and the free memory each malloc
 * arena keeps before giving it back (to twice that), up to 32 MB. Reading the persisted index of a
 * 10,000-entry site (3.5 MB) and letting the bytes go thus kept some 6 MB of resident memory that the
 * arenas no longer used, under load. A mapping of more than 32 MB is unmapped without raising anything,
 * and only the pages written into it are resident: so a large file read to be dropped soon after is read
 * into a buffer of more than that. Elsewhere (musl, macOS) this is only a larger address reservation.
 */
const UNRAISING_BYTES = 32 * 1024 * 1024 + 64 * 1024;
/** Below this, glibc serves from its heap, which raises nothing. */
const MAPPED_FROM_BYTES = 128 * 1024;

/** The whole file open as `fd` (from its current position), in a buffer that leaves malloc's thresholds as they were. */
export function readFileUnmapped(fd: number): Buffer {
  const size = fstatSync(fd).size;
  if (size < MAPPED_FROM_BYTES || size >= UNRAISING_BYTES) return readFileSync(fd);
  const buffer = Buffer.allocUnsafe(UNRAISING_BYTES);
  let length = 0;
  for (;;) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
    // Grown past the buffer while being read: the rest as any file is read.
    if (length === buffer.length) return Buffer.concat([buffer, readFileSync(fd)]);
  }
}

/** A buffer of `size` bytes to be dropped soon after, allocated so that freeing it leaves malloc's thresholds as they were. */
export function allocUnmapped(size: number): Buffer {
  if (size < MAPPED_FROM_BYTES || size >= UNRAISING_BYTES) return Buffer.allocUnsafe(size);
  return Buffer.allocUnsafe(UNRAISING_BYTES).subarray(0, size);
}
