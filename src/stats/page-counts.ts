// Per page of a visit table (filtered-figures.ts): daily-unique visitors and page views, and engagement
// added up per visitor first (reading is "at least 30 s and 75 % in all"), in one look-up per page view.
import { READ_MIN_MS, READ_MIN_SCROLL } from './store/stats-store.js';
import { PAGE_FIGURES } from './table-count.js';

// A page's figures sit side by side, 8 numbers (64 bytes) a page: counting a page view touches one or two
// cache lines instead of one per figure (a column per figure made each page view a dozen scattered reads).
const STRIDE = 8;
/** the last visitor counted on the page (a stamp: a visitor is counted once per page) */
const SEEN = 0;
const VISITORS = 1, VIEWS = 2, ENGAGED_MS = 3, ENGAGED_VISITORS = 4, SCROLL_SUM = 5, SCROLL_VISITORS = 6, READS = 7;

let scratch: PageCounts | null = null;

export class PageCounts {
  private readonly cells: Float64Array;
  // The current visitor's pages, in the order first seen: page, engaged ms, deepest scroll, engaged at all.
  private readonly slotOf: Int32Array;
  private readonly slotPage: Int32Array; private readonly slotMs: Float64Array;
  private readonly slotScroll: Uint8Array; private readonly slotEngaged: Uint8Array;
  private slots = 0;
  private visitor = -1;

  private constructor(readonly capacity: number) {
    this.cells = new Float64Array(capacity * STRIDE);
    this.slotOf = new Int32Array(capacity);
    this.slotPage = new Int32Array(capacity); this.slotMs = new Float64Array(capacity);
    this.slotScroll = new Uint8Array(capacity); this.slotEngaged = new Uint8Array(capacity);
  }

  /**
   * Counts for a table of `pages` pages, all zero: the previous table's, cleared (counting is synchronous,
   * one table at a time), so a range of many tables allocates them once.
   */
  static for(pages: number): PageCounts {
    if (!scratch || scratch.capacity < pages) scratch = new PageCounts(Math.max(pages, Math.ceil((scratch?.capacity ?? 0) * 1.5)));
    const cells = scratch.cells;
    cells.fill(0, 0, pages * STRIDE);
    for (let page = 0; page < pages; page++) cells[page * STRIDE + SEEN] = -1;
    scratch.slots = 0; scratch.visitor = -1;
    return scratch;
  }

  add(page: number, visitor: number, ms: number, scroll: number): void {
    if (visitor !== this.visitor) { this.close(); this.visitor = visitor; }
    const cells = this.cells, at = page * STRIDE;
    let slot: number;
    if (cells[at + SEEN] !== visitor) {
      cells[at + SEEN] = visitor; cells[at + VISITORS]!++;
      slot = this.slots++;
      this.slotOf[page] = slot; this.slotPage[slot] = page;
      this.slotMs[slot] = 0; this.slotScroll[slot] = 0; this.slotEngaged[slot] = 0;
    } else slot = this.slotOf[page]!;
    cells[at + VIEWS]!++;
    if (ms > 0 || scroll > 0) {
      this.slotEngaged[slot] = 1;
      this.slotMs[slot]! += ms;
      if (scroll > this.slotScroll[slot]!) this.slotScroll[slot] = scroll;
      cells[at + ENGAGED_MS]! += ms;
    }
  }

  /**
   * A page view that is all its visitor did on the page in the table (a run alone, visit-run-match.ts):
   * counted at once, as close() would count a visitor's gathered views of the page.
   */
  addAlone(page: number, ms: number, scroll: number): void {
    // Without a branch on the data (engagement comes at random: a branch on it is mispredicted half the time).
    const cells = this.cells, at = page * STRIDE;
    cells[at + VISITORS]!++; cells[at + VIEWS]!++;
    cells[at + ENGAGED_MS]! += ms; cells[at + SCROLL_SUM]! += scroll;
    cells[at + SCROLL_VISITORS]! += +((ms | scroll) !== 0);
    cells[at + ENGAGED_VISITORS]! += +(ms !== 0);
    cells[at + READS]! += +(ms >= READ_MIN_MS) & +(scroll >= READ_MIN_SCROLL);
  }

  /** Counts the last visitor's engagement; call once after the table. */
  close(): void {
    const cells = this.cells;
    for (let slot = 0; slot < this.slots; slot++) {
      if (!this.slotEngaged[slot]) continue;
      const at = this.slotPage[slot]! * STRIDE, ms = this.slotMs[slot]!, scroll = this.slotScroll[slot]!;
      if (ms > 0) cells[at + ENGAGED_VISITORS]!++;
      cells[at + SCROLL_VISITORS]!++; cells[at + SCROLL_SUM]! += scroll;
      if (ms >= READ_MIN_MS && scroll >= READ_MIN_SCROLL) cells[at + READS]!++;
    }
    this.slots = 0;
  }

  /** The pages of the first `pages` with a view: their numbers, and their figures as table-count.ts lists them. */
  collect(pages: number): { ids: Int32Array; figures: Float64Array } {
    const cells = this.cells;
    let seen = 0;
    for (let page = 0; page < pages; page++) if (cells[page * STRIDE + VIEWS]! > 0) seen++;
    const ids = new Int32Array(seen), figures = new Float64Array(seen * PAGE_FIGURES);
    let i = 0;
    for (let page = 0; page < pages; page++) {
      const at = page * STRIDE;
      if (cells[at + VIEWS] === 0) continue;
      const to = i * PAGE_FIGURES;
      ids[i++] = page;
      figures[to] = cells[at + VISITORS]!; figures[to + 1] = cells[at + VIEWS]!; figures[to + 2] = cells[at + ENGAGED_MS]!;
      figures[to + 3] = cells[at + ENGAGED_VISITORS]!; figures[to + 4] = cells[at + SCROLL_SUM]!; figures[to + 5] = cells[at + SCROLL_VISITORS]!;
      figures[to + 6] = cells[at + READS]!;
    }
    return { ids, figures };
  }
}
