import { withRoom, checkRange } from './columns.js';

/** Past this many values an owner's list gets a Map beside it, so one busy visitor cannot make lookups quadratic. */
const SPILL_AT = 48;

/** An owner's lists in a form that can be written out: lengths per owner, then all values owner by owner. */
export interface ExportedLists {
  counts: Int32Array;
  values: Int32Array;
  /** node index of each exported value, so columns kept per node can be written in the same order */
  order: Int32Array;
}

/**
 * Small sets of integers per owner (per visitor: the counted keys they were counted under, or the pages
 * they sent engagement for), kept as linked lists in typed arrays. A visitor has about a dozen values, so
 * walking the list is cheaper than a Set per key and needs no object per visitor. Each value is a node;
 * a node's index is stable, so callers can keep more columns per node (engaged time per visitor and page).
 */
export class MembershipLists {
  /** per owner: first node + 1 (0 = empty list), list length */
  private head: Int32Array = new Int32Array(0);
  private count: Int32Array = new Int32Array(0);
  /** per node: the value, the next node + 1 (0 = end) */
  private value: Int32Array = new Int32Array(0);
  private next: Int32Array = new Int32Array(0);
  private nodes = 0;
  private readonly spilled = new Map<number, Map<number, number>>();

  get size(): number { return this.nodes; }

  /** The node holding `value` in the owner's list, or -1. */
  find(owner: number, value: number): number {
    if (owner >= this.count.length) return -1;
    if (this.count[owner]! >= SPILL_AT) return this.spillOf(owner).get(value) ?? -1;
    for (let node = this.head[owner]!; node !== 0; node = this.next[node - 1]!) {
      if (this.value[node - 1] === value) return node - 1;
    }
    return -1;
  }

  /** Adds `value` to the owner's list (the caller knows it is not there) and returns its node. */
  insert(owner: number, value: number): number {
    if (owner >= this.count.length) {
      this.head = withRoom(this.head, owner + 1);
      this.count = withRoom(this.count, owner + 1);
    }
    const node = this.nodes++;
    this.value = withRoom(this.value, this.nodes);
    this.next = withRoom(this.next, this.nodes);
    this.value[node] = value;
    this.next[node] = this.head[owner]!;
    this.head[owner] = node + 1;
    if (++this.count[owner]! >= SPILL_AT) {
      // The map is built from the list (this node included) when first needed, e.g. after a restore.
      const map = this.spilled.get(owner);
      if (map) map.set(value, node);
      else this.spillOf(owner);
    }
    return node;
  }

  /** Adds `value` unless the owner has it; true when it was new. */
  add(owner: number, value: number): boolean {
    if (this.find(owner, value) >= 0) return false;
    this.insert(owner, value);
    return true;
  }

  private spillOf(owner: number): Map<number, number> {
    let map = this.spilled.get(owner);
    if (!map) {
      map = new Map();
      for (let node = this.head[owner]!; node !== 0; node = this.next[node - 1]!) map.set(this.value[node - 1]!, node - 1);
      this.spilled.set(owner, map);
    }
    return map;
  }

  /** The lists of owners 0..owners-1, owner by owner. */
  export(owners: number): ExportedLists {
    const counts = new Int32Array(owners);
    const values = new Int32Array(this.nodes);
    const order = new Int32Array(this.nodes);
    let at = 0;
    for (let owner = 0; owner < owners && owner < this.count.length; owner++) {
      counts[owner] = this.count[owner]!;
      for (let node = this.head[owner]!; node !== 0; node = this.next[node - 1]!) {
        values[at] = this.value[node - 1]!;
        order[at++] = node - 1;
      }
    }
    return { counts, values, order };
  }

  /**
   * Lists read back from `counts` and `values` as written by export(); the i-th value becomes node i.
   * Throws on lengths that do not add up or a value outside [0, limit), so a damaged file is refused whole.
   */
  static restore(counts: Int32Array, values: Int32Array, limit: number): MembershipLists {
    let total = 0;
    for (let owner = 0; owner < counts.length; owner++) {
      if (counts[owner]! < 0) throw new Error('a list has a negative length');
      total += counts[owner]!;
    }
    if (total !== values.length) throw new Error('list lengths do not add up');
    checkRange(values, 0, limit, 'values');
    const lists = new MembershipLists();
    lists.head = new Int32Array(counts.length);
    lists.count = counts;
    lists.value = values;
    lists.next = new Int32Array(values.length);
    lists.nodes = values.length;
    let at = 0;
    for (let owner = 0; owner < counts.length; owner++) {
      const length = counts[owner]!;
      if (length === 0) continue;
      lists.head[owner] = at + 1;
      for (let i = 0; i < length - 1; i++) lists.next[at + i] = at + i + 2;
      at += length;
    }
    return lists;
  }
}
