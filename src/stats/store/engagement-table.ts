import { MembershipLists } from './membership-lists.js';
import { withRoom, firstRows, checkRows, type Column } from './columns.js';

export const READ_MIN_MS = 30_000;
export const READ_MIN_SCROLL = 75;

export interface PageEngagement { em: number; ev: number; ss: number; sn: number; rd: number }

/**
 * Engagement per visitor and page (engaged milliseconds added up, deepest scroll), with each page's sums
 * kept up to date as reports arrive: engaged time, visitors with engaged time, scroll sum and count,
 * visitors who read it (at least 30 s and 75 %). A report replaces its record's share in the sums, so the
 * sums always equal a count over the records, and a rollup needs no pass over visitors.
 */
export class EngagementTable {
  /** visitor -> pages they reported on; a record's node index keys its columns */
  private records = new MembershipLists();
  private ms: Float64Array = new Float64Array(0);
  private scroll: Float64Array = new Float64Array(0);
  /** per page */
  private em: Float64Array = new Float64Array(0);
  private ev: Int32Array = new Int32Array(0);
  private ss: Float64Array = new Float64Array(0);
  private sn: Int32Array = new Int32Array(0);
  private rd: Int32Array = new Int32Array(0);
  /** per visitor: records with engaged time */
  private positive: Int32Array = new Int32Array(0);
  private pages = 0;
  /** visitors with engaged time on any page */
  engagedVisitors = 0;

  /** Makes room for page numbers below `pages`. */
  private room(pages: number): void {
    if (pages <= this.pages) return;
    this.pages = pages;
    this.em = withRoom(this.em, pages); this.ev = withRoom(this.ev, pages); this.ss = withRoom(this.ss, pages);
    this.sn = withRoom(this.sn, pages); this.rd = withRoom(this.rd, pages);
  }

  report(visitor: number, page: number, ms: number, scroll: number): void {
    this.room(page + 1);
    this.positive = withRoom(this.positive, visitor + 1);
    let node = this.records.find(visitor, page);
    if (node >= 0) {
      this.share(visitor, page, node, -1);
      this.ms[node]! += ms;
      this.scroll[node] = Math.max(this.scroll[node]!, scroll);
    } else {
      node = this.records.insert(visitor, page);
      this.ms = withRoom(this.ms, node + 1);
      this.scroll = withRoom(this.scroll, node + 1);
      this.ms[node] = ms;
      this.scroll[node] = scroll;
      this.sn[page]!++;
    }
    this.share(visitor, page, node, 1);
  }

  /** Adds (sign 1) or takes away (-1) one record's share of its page's sums and its visitor's engagement. */
  private share(visitor: number, page: number, node: number, sign: 1 | -1): void {
    const ms = this.ms[node]!, scroll = this.scroll[node]!;
    this.em[page]! += sign * ms;
    this.ss[page]! += sign * scroll;
    if (ms >= READ_MIN_MS && scroll >= READ_MIN_SCROLL) this.rd[page]! += sign;
    if (ms > 0) {
      this.ev[page]! += sign;
      const before = this.positive[visitor]!;
      this.positive[visitor] = before + sign;
      if (before === 0) this.engagedVisitors++;
      else if (before === 1 && sign === -1) this.engagedVisitors--;
    }
  }

  page(page: number): PageEngagement {
    if (page >= this.pages) return { em: 0, ev: 0, ss: 0, sn: 0, rd: 0 };
    return { em: this.em[page]!, ev: this.ev[page]!, ss: this.ss[page]!, sn: this.sn[page]!, rd: this.rd[page]! };
  }

  export(visitors: number, pages: number): { engagedVisitors: number; columns: Record<string, Column> } {
    this.room(pages);
    this.positive = withRoom(this.positive, visitors);
    const lists = this.records.export(visitors);
    const ms = new Float64Array(lists.order.length), scroll = new Float64Array(lists.order.length);
    lists.order.forEach((node, i) => { ms[i] = this.ms[node]!; scroll[i] = this.scroll[node]!; });
    return {
      engagedVisitors: this.engagedVisitors,
      columns: {
        counts: lists.counts, pages: lists.values, ms, scroll,
        em: firstRows(this.em, pages), ev: firstRows(this.ev, pages), ss: firstRows(this.ss, pages),
        sn: firstRows(this.sn, pages), rd: firstRows(this.rd, pages), positive: firstRows(this.positive, visitors),
      },
    };
  }

  static restore(visitors: number, pages: number, engagedVisitors: number, columns: Record<string, Column | undefined>): EngagementTable {
    const c = columns;
    checkRows(c.counts, visitors, 'counts'); checkRows(c.positive, visitors, 'positive');
    for (const name of ['em', 'ev', 'ss', 'sn', 'rd'] as const) checkRows(c[name], pages, name);
    if (!(c.counts instanceof Int32Array && c.pages instanceof Int32Array && c.ms instanceof Float64Array && c.scroll instanceof Float64Array
      && c.em instanceof Float64Array && c.ev instanceof Int32Array && c.ss instanceof Float64Array && c.sn instanceof Int32Array
      && c.rd instanceof Int32Array && c.positive instanceof Int32Array)) throw new Error('engagement has the wrong column types');
    checkRows(c.ms, c.pages.length, 'ms'); checkRows(c.scroll, c.pages.length, 'scroll');
    const table = new EngagementTable();
    table.records = MembershipLists.restore(c.counts, c.pages, pages);
    table.ms = c.ms; table.scroll = c.scroll;
    table.em = c.em; table.ev = c.ev; table.ss = c.ss; table.sn = c.sn; table.rd = c.rd;
    table.positive = c.positive;
    table.pages = pages;
    table.engagedVisitors = engagedVisitors;
    return table;
  }
}
