/**
 * Names kept as one string and where each ends, instead of a string and an array slot per name: the
 * freshness sweep's worker holds the name of every entry folder, and at 100,000 folders (names of 10 or so
 * characters) that took some 4 MB of its heap as strings in an array, packed some 1.4 MB. A name is cut out
 * again when asked for, which the sweep does once per folder and pass (it makes the folder's path from it
 * then anyway).
 */
export class PackedNames {
  readonly length: number;
  private readonly text: string;
  /** Name n runs from ends[n - 1] (0 for the first) up to ends[n]. */
  private readonly ends: Int32Array;

  constructor(names: readonly string[]) {
    this.length = names.length;
    this.text = names.join('');
    this.ends = new Int32Array(names.length);
    let end = 0;
    for (let at = 0; at < names.length; at++) this.ends[at] = end += names[at]!.length;
  }

  /** Name n (0 <= n < length). */
  at(n: number): string {
    return this.text.slice(n === 0 ? 0 : this.ends[n - 1]!, this.ends[n]!);
  }
}
