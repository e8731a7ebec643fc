/**
 * glibc maps an allocation of 128 KB or more on its own, and when such a mapping is freed it raises, for
 * the rest of the process, the size from which it maps (to the size freed) and the free memory each malloc
 * arena keeps before giving it back (to twice that), up to 32 MB. Reading the persisted index of a
 * 10,000-entry site (3.5 MB) into a buffer and letting it go thus kept some 6 MB of resident memory that
 * the arenas no longer used, under load. A mapping of more than 32 MB is unmapped without raising anything,
 * and only the pages written into it are resident: so a large buffer to be dropped soon after is cut from
 * one of more than that. Elsewhere (musl, macOS) this is only a larger address reservation.
 */
const UNRAISING_BYTES = 32 * 1024 * 1024 + 64 * 1024;
/** Below this, glibc serves from its heap, which raises nothing. */
const MAPPED_FROM_BYTES = 128 * 1024;

/**
 * A buffer of `size` bytes to be dropped soon after, allocated so that freeing it leaves malloc's thresholds
 * as they were. Never a slice of Node's shared pool, so its ArrayBuffer may be handed to a worker thread.
 */
export function allocUnmapped(size: number): Buffer {
  if (size < MAPPED_FROM_BYTES || size >= UNRAISING_BYTES) return Buffer.allocUnsafeSlow(size);
  return Buffer.allocUnsafe(UNRAISING_BYTES).subarray(0, size);
}

/** A Float64Array of `count` to be dropped soon after (allocUnmapped); its values are not set. */
export function unmappedFloat64s(count: number): Float64Array {
  const bytes = allocUnmapped(count * 8);
  return new Float64Array(bytes.buffer, bytes.byteOffset, count);
}

/** An Int32Array of `count` to be dropped soon after (allocUnmapped); its values are not set. */
export function unmappedInt32s(count: number): Int32Array {
  const bytes = allocUnmapped(count * 4);
  return new Int32Array(bytes.buffer, bytes.byteOffset, count);
}
