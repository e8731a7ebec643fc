// Reads the blocks of a persisted index (snapshot-blocks.ts) from its open file one after the other:
// numbers straight into typed arrays of their own, characters through one scratch buffer into their
// string, every byte summed on the way for the caller to check (index-file.ts). The file is never whole in
// memory: at 100,000 entries, reading its 38 MB into a fresh buffer cost a stdio session's first answer
// some 12 ms of page faults, then a full collection for the memory held outside the heap, and the typed
// columns were copied out of it once more.
import { BlockReader, widthOf, type BlockInfo, type ReadBlock } from './snapshot-blocks.js';
import { readSync } from 'node:fs';

/**
 * The blocks `blocks` (as the header lists them) from `fd` at `position`, which `length` bytes of the file
 * hold; each byte read, padding included, is handed to `sum` in order. Undefined when the list does not
 * describe blocks in order inside `length`, or the file ends before them.
 */
export function readBlocks(fd: number, position: number, length: number, blocks: unknown, sum: (bytes: Uint8Array) => void): BlockReader | undefined {
  if (!Array.isArray(blocks)) return undefined;
  let end = 0, scratchSize = 8;
  for (const block of blocks as BlockInfo[]) {
    const width = widthOf(block?.kind);
    if (!width || typeof block.name !== 'string' || !Number.isSafeInteger(block.count) || block.count < 0 || block.offset !== end + ((8 - (end % 8)) % 8)) return undefined;
    end = block.offset + block.count * width;
    if (end > length) return undefined;
    if (block.kind === 'latin1' || block.kind === 'utf16le') scratchSize = Math.max(scratchSize, block.count * width);
  }
  const scratch = Buffer.allocUnsafeSlow(scratchSize);
  let at = 0;
  // Reads exactly `into.length` bytes at the next place in the file; false when it ends before.
  const fill = (into: Uint8Array): boolean => {
    for (let done = 0; done < into.length;) {
      const read = readSync(fd, into, done, into.length - done, position + at + done);
      if (read === 0) return false;
      done += read;
    }
    at += into.length;
    sum(into);
    return true;
  };
  const byName = new Map<string, ReadBlock>();
  for (const info of blocks as BlockInfo[]) {
    if (!fill(scratch.subarray(0, info.offset - at))) return undefined;
    let value: ReadBlock['value'];
    if (info.kind === 'f64' || info.kind === 'i32') {
      value = info.kind === 'f64' ? new Float64Array(info.count) : new Int32Array(info.count);
      if (!fill(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))) return undefined;
    } else {
      const bytes = scratch.subarray(0, info.count * widthOf(info.kind)!);
      if (!fill(bytes)) return undefined;
      value = bytes.toString(info.kind);
    }
    byName.set(info.name, { info, value });
  }
  // The padding after the last block, up to the length the header gives.
  while (at < length) if (!fill(scratch.subarray(0, Math.min(scratch.length, length - at)))) return undefined;
  return new BlockReader(byName);
}
