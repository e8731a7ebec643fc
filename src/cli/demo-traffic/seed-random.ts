// A small seeded random source for generated statistics (the same seed gives the same traffic).

export type Random = () => number;

/** mulberry32: fast, good enough for fake traffic, and reproducible. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits `total` into whole counts proportional to `weights` (they need not sum to 1). */
export function distribute(total: number, weights: readonly number[], random: Random): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - counts.reduce((a, b) => a + b, 0);
  while (rest > 0) {
    // Remainders go to keys picked by weight, so small keys still get their occasional hit.
    let pick = random() * sum;
    let i = 0;
    while (i < weights.length - 1 && pick >= weights[i]!) { pick -= weights[i]!; i++; }
    counts[i]!++;
    rest--;
  }
  return counts;
}

/** Picks one item by weight. */
export function pickWeighted<T>(items: readonly (readonly [T, number])[], random: Random): T {
  const sum = items.reduce((a, [, w]) => a + w, 0);
  let pick = random() * sum;
  for (const [item, weight] of items) {
    if (pick < weight) return item;
    pick -= weight;
  }
  return items[items.length - 1]![0];
}
