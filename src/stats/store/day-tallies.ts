// What a day's lines say without a visitor to count: beacons dropped as bots (by reason), AI crawlers'
// page requests (by crawler and page), consent decisions (by category agreed, action, banner version).
// Plain counters, kept beside the day's visitor counts (day-aggregator.ts) and exported with them.
import { CONSENT_CATEGORIES, CONSENT_KEYS, type BotLogLine, type ConsentLine } from './raw-event.js';
import { dict, put, type Rollup } from './rollup.js';

type Counts = [string, number][];
/** The counters as plain data, in a partial aggregate's tables (partial-aggregate-file.ts). */
export interface DayTalliesState {
  crawlers: [string, number, Counts][]; bots: Counts;
  consent: { decisions: number; agreedAny: number; agreed: Counts; actions: Counts; versions: Counts };
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export class DayTallies {
  private readonly crawlers = new Map<string, { hits: number; pages: Map<string, number> }>();
  private readonly bots = new Map<string, number>();
  private readonly decisions = { decisions: 0, agreedAny: 0, agreed: new Map<string, number>(), actions: new Map<string, number>(), versions: new Map<string, number>() };

  consent(line: ConsentLine): void {
    const c = this.decisions;
    c.decisions++;
    // A saved choice with nothing ticked is a refusal, whatever its action says.
    let agreed = false;
    for (const category of CONSENT_CATEGORIES) if (line[CONSENT_KEYS[category]]) { bump(c.agreed, category); agreed = true; }
    if (agreed) c.agreedAny++;
    bump(c.actions, line.a);
    bump(c.versions, line.bv);
  }

  bot(line: BotLogLine): void {
    if (typeof line !== 'object' || line === null) return;
    if (line.k === 'bot') { bump(this.bots, line.r); return; }
    let crawler = this.crawlers.get(line.n);
    if (!crawler) this.crawlers.set(line.n, (crawler = { hits: 0, pages: new Map() }));
    crawler.hits++;
    bump(crawler.pages, line.p);
  }

  /** Puts the counts into a day's rollup. */
  into(r: Rollup): void {
    for (const [name, crawler] of this.crawlers) put(r.crawlers, name, { hits: crawler.hits, pages: dict(crawler.pages) });
    r.bots = dict(this.bots);
    const c = this.decisions;
    r.consent = { decisions: c.decisions, agreed_any: c.agreedAny, agreed: dict(c.agreed), actions: dict(c.actions), versions: dict(c.versions) };
  }

  export(): DayTalliesState {
    const entries = <T>(map: Map<string, T>) => [...map.entries()];
    const c = this.decisions;
    return {
      crawlers: [...this.crawlers].map(([name, crawler]) => [name, crawler.hits, entries(crawler.pages)]),
      bots: entries(this.bots),
      consent: { decisions: c.decisions, agreedAny: c.agreedAny, agreed: entries(c.agreed), actions: entries(c.actions), versions: entries(c.versions) },
    };
  }

  /** Counters that go on from an exported state; throws when it is damaged. */
  static restore(state: DayTalliesState): DayTallies {
    const tallies = new DayTallies();
    for (const [name, hits, pages] of state.crawlers) tallies.crawlers.set(name, { hits, pages: new Map(pages) });
    for (const [name, n] of state.bots) tallies.bots.set(name, n);
    if (!Number.isSafeInteger(state.consent?.decisions) || !Number.isSafeInteger(state.consent?.agreedAny)) throw new Error('consent counters are damaged');
    const c = tallies.decisions;
    c.decisions = state.consent.decisions;
    c.agreedAny = state.consent.agreedAny;
    for (const name of ['agreed', 'actions', 'versions'] as const) for (const [key, n] of state.consent[name]) c[name].set(key, n);
    return tallies;
  }
}
