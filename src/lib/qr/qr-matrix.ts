import { alignmentCentres, sizeOf } from './qr-versions.js';

// The module grid: function patterns (finders, separators, timing, alignment, format and version areas,
// the dark module), then the codewords in the two-column zigzag from the bottom right (ISO/IEC 18004 7.7).
// Rows are y, columns x; `dark[y * size + x]`.

export interface QrGrid {
  version: number;
  size: number;
  /** 1 for a dark module. */
  dark: Uint8Array;
  /** 1 where a function pattern sits: masks and data leave these alone. */
  reserved: Uint8Array;
}

function set(grid: QrGrid, x: number, y: number, dark: boolean): void {
  const at = y * grid.size + x;
  grid.dark[at] = dark ? 1 : 0;
  grid.reserved[at] = 1;
}

function drawFinder(grid: QrGrid, cx: number, cy: number): void {
  // The 7×7 finder and the light separator around it, clipped at the symbol's edge.
  for (let dy = -4; dy <= 4; dy++) {
    for (let dx = -4; dx <= 4; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= grid.size || y >= grid.size) continue;
      const ring = Math.max(Math.abs(dx), Math.abs(dy));
      set(grid, x, y, ring !== 2 && ring !== 4);
    }
  }
}

function drawAlignment(grid: QrGrid, cx: number, cy: number): void {
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) set(grid, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }
}

/** The 15 format bits for level M and a mask: BCH(15,5) with generator 0x537, XORed with 0x5412. */
export function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask; // level M is 00
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** Writes the format bits for `mask` into both copies (called again for every mask tried). */
export function drawFormat(grid: QrGrid, mask: number): void {
  const bits = formatBits(mask);
  const bit = (i: number): boolean => ((bits >>> i) & 1) === 1;
  const last = grid.size - 1;
  // Beside the top-left finder: down column 8 (skipping the timing row), then left along row 8.
  for (let i = 0; i <= 5; i++) set(grid, 8, i, bit(i));
  set(grid, 8, 7, bit(6));
  set(grid, 8, 8, bit(7));
  set(grid, 7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(grid, 14 - i, 8, bit(i));
  // The second copy, split between the top-right and bottom-left finders, and the dark module.
  for (let i = 0; i < 8; i++) set(grid, last - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(grid, 8, grid.size - 15 + i, bit(i));
  set(grid, 8, grid.size - 8, true);
}

/** The 18 version bits (versions 7 and up): BCH(18,6) with generator 0x1f25. */
export function versionBits(version: number): number {
  let remainder = version;
  for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  return (version << 12) | remainder;
}

function drawVersion(grid: QrGrid): void {
  if (grid.version < 7) return;
  const bits = versionBits(grid.version);
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const a = grid.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    set(grid, a, b, dark);
    set(grid, b, a, dark);
  }
}

/** A grid with every function pattern drawn and the format area reserved (filled in per mask). */
export function functionPatterns(version: number): QrGrid {
  const size = sizeOf(version);
  const grid: QrGrid = { version, size, dark: new Uint8Array(size * size), reserved: new Uint8Array(size * size) };
  for (let i = 0; i < size; i++) {
    set(grid, 6, i, i % 2 === 0);
    set(grid, i, 6, i % 2 === 0);
  }
  drawFinder(grid, 3, 3);
  drawFinder(grid, size - 4, 3);
  drawFinder(grid, 3, size - 4);
  const centres = alignmentCentres(version);
  const end = centres.length - 1;
  for (let i = 0; i <= end; i++) {
    for (let j = 0; j <= end; j++) {
      // The three corners with finders have no alignment pattern.
      if ((i === 0 && j === 0) || (i === 0 && j === end) || (i === end && j === 0)) continue;
      drawAlignment(grid, centres[i]!, centres[j]!);
    }
  }
  drawFormat(grid, 0);
  drawVersion(grid);
  return grid;
}

/** Places the codewords, most significant bit first; modules past the last codeword stay light. */
export function placeCodewords(grid: QrGrid, codewords: Uint8Array): void {
  const { size } = grid;
  let index = 0;
  const bits = codewords.length * 8;
  for (let right = size - 1; right >= 1; right -= 2) {
    // Column 6 is the vertical timing pattern: the pair left of it starts at column 5.
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step;
      for (let x = right; x >= right - 1; x--) {
        const at = y * size + x;
        if (grid.reserved[at] || index >= bits) continue;
        grid.dark[at] = (codewords[index >>> 3]! >>> (7 - (index & 7))) & 1;
        index++;
      }
    }
  }
}
