import type { QrGrid } from './qr-matrix.js';

// The eight data masks and the penalty that picks one (ISO/IEC 18004 7.8). A mask flips the data modules
// where its condition holds; the symbol gets the mask whose result scores the lowest penalty.

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Flips the data modules under mask `mask`; applying it twice restores the grid. */
export function applyMask(grid: QrGrid, mask: number): void {
  const condition = MASKS[mask]!;
  const { size } = grid;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * size + x;
      if (!grid.reserved[at] && condition(x, y)) grid.dark[at]! ^= 1;
    }
  }
}

// A finder-like run 1:1:3:1:1 with four light modules before or after it.
const FINDER_BEFORE_LIGHT = 0b10111010000;
const FINDER_AFTER_LIGHT = 0b00001011101;

/** Rule 1 (runs of five or more of one colour) and rule 3 (finder-like patterns) along one line. */
function linePenalty(read: (i: number) => number, size: number): number {
  let points = 0;
  let run = 0;
  let previous = -1;
  let window = 0;
  for (let i = 0; i < size; i++) {
    const module = read(i);
    if (module === previous) run++;
    else {
      if (run >= 5) points += 3 + (run - 5);
      previous = module;
      run = 1;
    }
    window = ((window << 1) | module) & 0x7ff;
    if (i >= 10 && (window === FINDER_BEFORE_LIGHT || window === FINDER_AFTER_LIGHT)) points += 40;
  }
  if (run >= 5) points += 3 + (run - 5);
  return points;
}

/**
 * The penalty of a finished grid (format bits in place): N1 = 3 + (run − 5) for every run of five or more
 * modules of one colour in a row or a column; N2 = 3 for every 2×2 block of one colour; N3 = 40 for every
 * 1:1:3:1:1 pattern with four light modules on one side, in a row or a column; N4 = 10 for every full 5% the
 * share of dark modules lies away from 50% (45% to 55% scores nothing).
 */
export function maskPenalty(grid: QrGrid): number {
  const { size, dark } = grid;
  let points = 0;
  for (let line = 0; line < size; line++) {
    points += linePenalty((i) => dark[line * size + i]!, size);
    points += linePenalty((i) => dark[i * size + line]!, size);
  }
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const sum = dark[y * size + x]! + dark[y * size + x + 1]! + dark[(y + 1) * size + x]! + dark[(y + 1) * size + x + 1]!;
      if (sum === 0 || sum === 4) points += 3;
    }
  }
  let darkCount = 0;
  for (const module of dark) darkCount += module;
  const total = size * size;
  // |dark/total − 1/2| in steps of 5%, exclusive of the step's start: the symbol has an odd module count, so
  // the share is never exactly 50%.
  const steps = Math.ceil(Math.abs(darkCount * 20 - total * 10) / total) - 1;
  return points + Math.max(0, steps) * 10;
}
