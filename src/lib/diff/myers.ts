// The shortest edit script between two sequences (E. W. Myers, "An O(ND) Difference Algorithm and Its
// Variations", 1986), on anything compared with ===. Common ends are trimmed first, since most revisions
// change a few places in a long text. The search keeps one frontier per edit distance to walk back the
// path, so memory grows with the square of the distance: past MAX_DISTANCE the middle is reported as one
// replacement, still a correct script, just not the shortest.

export type Edit<T> =
  | { kind: 'equal'; items: T[] }
  | { kind: 'delete'; items: T[] }
  | { kind: 'insert'; items: T[] };

/** Differences beyond this many deleted plus inserted items are not searched further (see above). */
export const MAX_DISTANCE = 4000;

function push<T>(edits: Edit<T>[], kind: Edit<T>['kind'], item: T): void {
  const last = edits[edits.length - 1];
  if (last && last.kind === kind) last.items.push(item);
  else edits.push({ kind, items: [item] } as Edit<T>);
}

/** The edits that turn `a` into `b`, in order; runs of one kind are merged. */
export function diffSequences<T>(a: readonly T[], b: readonly T[]): Edit<T>[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const edits: Edit<T>[] = [];
  for (let i = 0; i < start; i++) push(edits, 'equal', a[i]!);
  middle(a.slice(start, endA), b.slice(start, endB), edits);
  for (let i = endA; i < a.length; i++) push(edits, 'equal', a[i]!);
  return edits;
}

function middle<T>(a: readonly T[], b: readonly T[], edits: Edit<T>[]): void {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) {
    for (const item of a) push(edits, 'delete', item);
    for (const item of b) push(edits, 'insert', item);
    return;
  }
  const max = Math.min(n + m, MAX_DISTANCE);
  const offset = max + 1;
  // v[k + offset]: the furthest x reached on diagonal k (y = x − k).
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    // Too far apart to search: everything in the middle is replaced.
    for (const item of a) push(edits, 'delete', item);
    for (const item of b) push(edits, 'insert', item);
    return;
  }
  // Walk back from (n, m) through the saved frontiers; trace[d] holds diagonals −d−1 .. d+1 before step d.
  const steps: Array<{ kind: Edit<T>['kind']; item: T }> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const frontier = trace[d]!;
    const at = (k: number): number => frontier[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX + (down ? 0 : 1) && y > previousY + (down ? 1 : 0)) {
      steps.push({ kind: 'equal', item: a[--x]! });
      y--;
    }
    if (down) steps.push({ kind: 'insert', item: b[--y]! });
    else steps.push({ kind: 'delete', item: a[--x]! });
  }
  while (x > 0 && y > 0) {
    steps.push({ kind: 'equal', item: a[--x]! });
    y--;
  }
  for (let i = steps.length - 1; i >= 0; i--) push(edits, steps[i]!.kind, steps[i]!.item);
}

/** Applies edits to `a`: what `diffSequences(a, b)` returns gives `b` back. Equal and deleted items are checked. */
export function applyEdits<T>(a: readonly T[], edits: readonly Edit<T>[]): T[] {
  const out: T[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.kind === 'insert') {
      out.push(...edit.items);
      continue;
    }
    for (const item of edit.items) {
      if (a[at] !== item) throw new Error(`The edits do not fit the text at item ${at}.`);
      if (edit.kind === 'equal') out.push(item);
      at++;
    }
  }
  if (at !== a.length) throw new Error('The edits end before the text does.');
  return out;
}
