import { dataStream, fitVersion } from './qr-bits.js';
import { applyMask, maskPenalty } from './qr-masks.js';
import { drawFormat, functionPatterns, placeCodewords } from './qr-matrix.js';
import { blockLayout } from './qr-versions.js';
import { errorCorrection } from './reed-solomon.js';

// A QR code (model 2, byte mode, error correction M) of a text's UTF-8 bytes: the smallest version that
// holds it, and the mask with the lowest penalty unless one is asked for.

export interface QrCode {
  version: number;
  mask: number;
  size: number;
  /** 1 for a dark module, row by row: `modules[y * size + x]`. */
  modules: Uint8Array;
}

export interface QrOptions {
  /** Use this mask (0-7) instead of the one with the lowest penalty. */
  mask?: number;
  /** The smallest version to use (1-40); a larger one is taken when the text needs it. */
  minVersion?: number;
}

/** Splits the data codewords into blocks, adds each block's error correction and interleaves them. */
function codewords(data: Uint8Array, version: number): Uint8Array {
  const layout = blockLayout(version);
  const blocks: Uint8Array[] = [];
  const corrections: Uint8Array[] = [];
  let offset = 0;
  for (const length of layout.dataPerBlock) {
    const block = data.subarray(offset, offset + length);
    offset += length;
    blocks.push(block);
    corrections.push(errorCorrection(block, layout.ecPerBlock));
  }
  const out = new Uint8Array(layout.total);
  let index = 0;
  const longest = layout.dataPerBlock[layout.dataPerBlock.length - 1]!;
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.length) out[index++] = block[i]!;
  for (let i = 0; i < layout.ecPerBlock; i++) for (const correction of corrections) out[index++] = correction[i]!;
  return out;
}

/** The QR code of `text`; throws a RangeError for a text longer than version 40 holds (2,331 bytes). */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const bytes = new TextEncoder().encode(text);
  const version = fitVersion(bytes.length, options.minVersion);
  if (version === undefined) throw new RangeError('The text is too long for a QR code.');
  if (options.mask !== undefined && !(Number.isInteger(options.mask) && options.mask >= 0 && options.mask <= 7)) {
    throw new RangeError('A QR mask is a number from 0 to 7.');
  }
  const grid = functionPatterns(version);
  placeCodewords(grid, codewords(dataStream(bytes, version), version));
  let mask = options.mask;
  if (mask === undefined) {
    let best = Infinity;
    for (let candidate = 0; candidate < 8; candidate++) {
      applyMask(grid, candidate);
      drawFormat(grid, candidate);
      const penalty = maskPenalty(grid);
      applyMask(grid, candidate);
      // Strictly lower: on a tie the lower mask number stays.
      if (penalty < best) {
        best = penalty;
        mask = candidate;
      }
    }
  }
  applyMask(grid, mask!);
  drawFormat(grid, mask!);
  return { version, mask: mask!, size: grid.size, modules: grid.dark };
}
