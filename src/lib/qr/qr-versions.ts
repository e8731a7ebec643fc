// QR code model 2 at error correction level M: how many codewords each version holds, how they split into
// Reed-Solomon blocks, and where its alignment patterns sit (ISO/IEC 18004, tables 9 and E.1). Level M is
// the only level this encoder makes: it survives a scratch or a glare spot on a screen and keeps versions small.

export const MIN_VERSION = 1;
export const MAX_VERSION = 40;

// Error correction codewords per block, and the number of blocks, at level M for versions 1..40 (index 0 unused).
const EC_PER_BLOCK_M = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
const BLOCKS_M = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];

/** Modules on a side: 21 for version 1, four more per version. */
export function sizeOf(version: number): number {
  return 17 + 4 * version;
}

/** Modules left for data and error correction once every function pattern is drawn. */
function rawDataModules(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    modules -= (25 * align - 10) * align - 55;
    if (version >= 7) modules -= 36;
  }
  return modules;
}

export interface BlockLayout {
  /** All codewords the symbol holds (data and error correction). */
  total: number;
  /** Error correction codewords in every block. */
  ecPerBlock: number;
  /** Data codewords of each block, in order: the short blocks come first. */
  dataPerBlock: number[];
}

export function blockLayout(version: number): BlockLayout {
  const total = Math.floor(rawDataModules(version) / 8);
  const blocks = BLOCKS_M[version]!;
  const ecPerBlock = EC_PER_BLOCK_M[version]!;
  const shortLength = Math.floor(total / blocks);
  const longBlocks = total % blocks;
  const dataPerBlock: number[] = [];
  for (let i = 0; i < blocks; i++) dataPerBlock.push(shortLength - ecPerBlock + (i >= blocks - longBlocks ? 1 : 0));
  return { total, ecPerBlock, dataPerBlock };
}

/** Data codewords the version carries at level M. */
export function dataCodewords(version: number): number {
  const layout = blockLayout(version);
  return layout.total - layout.ecPerBlock * layout.dataPerBlock.length;
}

/** Row (and column) centres of the alignment patterns; none for version 1. */
export function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  // Spacing is even and equal from the last pattern back; version 32 is the one exception in the table.
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const centres = [6];
  for (let position = sizeOf(version) - 7; centres.length < count; position -= step) centres.splice(1, 0, position);
  return centres;
}
