// The figures of test/helpers/traffic-script.ts counted plainly from the script, without the service's code:
// the README's rules written out once more, over a list of a few dozen requests.
//   visitor   = one person on one site day (the salt changes at the site's midnight)
//   visit     = a visitor's page views and events with no gap over 30 minutes (engagement reports extend it)
//   bounce    = a visit of one page view and no event
//   source    = the visit's: the first one a page view of the visit brings, (direct) until one comes; the
//               campaign likewise (none until one comes)
//   came from = a page's: the page on the site before it, else the source the view brought, else the visit's
//   read      = a visitor engaged 30 s or more and scrolled 75 % or more on a page they viewed that day
//               (engagement for a page the visitor did not view that day counts nowhere)
import { STEPS, NEXT_DAY_STEPS, VISITORS, type Step } from './traffic-script.ts';

const ZONE = 'Europe/Berlin';
const GAP = 30 * 60_000;
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
const hourOf = (ms: number) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(ms));

/** [visitors, page views] of one key: visitors as a set of "day visitor" names. */
export class Tally {
  readonly rows = new Map<string, { who: Set<string>; n: number }>();
  add(key: string, who: string, n = 1): void {
    const row = this.rows.get(key) ?? { who: new Set(), n: 0 };
    row.who.add(who); row.n += n;
    this.rows.set(key, row);
  }
  /** Rows sorted as the answers sort them: visitors, then page views, then name. */
  sorted(): [string, number, number][] {
    return [...this.rows].map(([key, row]): [string, number, number] => [key, row.who.size, row.n])
      .sort((a, b) => b[1] - a[1] || b[2] - a[2] || (a[0] < b[0] ? -1 : 1));
  }
  get(key: string): [number, number] { const row = this.rows.get(key); return row ? [row.who.size, row.n] : [0, 0]; }
}

export interface PageFigures { visitors: Set<string>; pageviews: number; sources: Tally; engaged: Map<string, { ms: number; scroll: number }>; from: Map<string, number>; to: Map<string, number> }

export interface Figures {
  visitors: Set<string>; pageviews: number; visits: number; bounces: number;
  days: Tally; hours: Tally; pages: Map<string, PageFigures>;
  referrers: Tally; campaigns: Tally; countries: Tally; languages: Tally; devices: Tally; browsers: Tally; os: Tally; events: Tally;
  /** per crawler: who runs it, what for, hits per page */
  crawlers: Map<string, { operator: string; purpose: string; pages: Map<string, number> }>; bots: Map<string, number>;
  consent: { decisions: number; agreedAny: number; agreed: Map<string, number>; actions: Map<string, number> };
  /** custom properties: per name, a tally of its values (visitors, events); and refusals by name */
  props: Map<string, Tally>; refused: Map<string, number>;
  /** every visit with its page views (`/path`) and events (`event:name`) in the order they came */
  visitList: { who: string; items: string[] }[];
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Every figure of the days `from` to `to` (site days, both included). */
export function tally(from: string, to: string, steps: Step[] = [...STEPS, ...NEXT_DAY_STEPS]): Figures {
  const f: Figures = {
    visitors: new Set(), pageviews: 0, visits: 0, bounces: 0, days: new Tally(), hours: new Tally(), pages: new Map(),
    referrers: new Tally(), campaigns: new Tally(), countries: new Tally(), languages: new Tally(), devices: new Tally(), browsers: new Tally(), os: new Tally(), events: new Tally(),
    crawlers: new Map(), bots: new Map(), consent: { decisions: 0, agreedAny: 0, agreed: new Map(), actions: new Map() },
    props: new Map(), refused: new Map(), visitList: [],
  };
  const page = (path: string) => {
    let p = f.pages.get(path);
    if (!p) f.pages.set(path, (p = { visitors: new Set(), pageviews: 0, sources: new Tally(), engaged: new Map(), from: new Map(), to: new Map() }));
    return p;
  };
  const visits = new Map<string, { last: number; pv: number; ev: boolean; source: string; campaign: string | null; items: string[] }>();
  const closeVisit = (visit: { pv: number; ev: boolean }) => { if (visit.pv === 1 && !visit.ev) f.bounces++; };
  for (const step of [...steps].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))) {
    const t = Date.parse(step.at);
    const day = dayOf(t);
    if (day < from || day > to) continue;
    if (step.kind === 'consent') {
      f.consent.decisions++;
      bump(f.consent.actions, step.action);
      for (const [category, yes] of Object.entries(step.choices)) if (yes) bump(f.consent.agreed, category);
      if (Object.values(step.choices).some(Boolean)) f.consent.agreedAny++;
      continue;
    }
    if (step.kind === 'crawler') {
      const crawler = f.crawlers.get(step.name) ?? { operator: step.operator, purpose: step.purpose, pages: new Map<string, number>() };
      bump(crawler.pages, step.path);
      f.crawlers.set(step.name, crawler);
      continue;
    }
    if (step.kind === 'bot') { bump(f.bots, step.how); continue; }
    if (step.kind === 'plain-bot-page') continue;
    const who = `${day} ${step.who}`;
    let visit = visits.get(who);
    const open = visit !== undefined && t - visit.last <= GAP;
    if (step.kind === 'en') {
      // Only a visitor who viewed the page that day counts (day-aggregator.ts).
      if (!f.pages.get(step.path)?.visitors.has(who)) continue;
      if (open) visit!.last = t;
      const engaged = page(step.path).engaged;
      const seen = engaged.get(who) ?? { ms: 0, scroll: 0 };
      engaged.set(who, { ms: seen.ms + step.ms, scroll: Math.max(seen.scroll, step.scroll) });
      continue;
    }
    if (!open) {
      if (visit) closeVisit(visit);
      visit = { last: t, pv: 0, ev: false, source: '(direct)', campaign: null, items: [] };
      visits.set(who, visit);
      f.visitList.push({ who, items: visit.items });
      f.visits++;
      f.visitors.add(who);
    }
    visit!.last = t;
    if (step.kind === 'ev') {
      visit!.ev = true;
      visit!.items.push(`event:${step.name}`);
      f.events.add(step.name, who);
      for (const [name, value] of Object.entries(step.props ?? {})) {
        if (step.refused?.includes(name)) { bump(f.refused, name); continue; }
        if (!f.props.has(name)) f.props.set(name, new Tally());
        f.props.get(name)!.add(value, who);
      }
      continue;
    }
    const { path, source, campaign, from: cameFrom } = step.brings;
    if (source && visit!.source === '(direct)') visit!.source = source;
    if (campaign && visit!.campaign === null) visit!.campaign = campaign;
    visit!.pv++;
    visit!.items.push(path);
    f.pageviews++;
    f.days.add(day, who);
    f.hours.add(String(hourOf(t)), who);
    const p = page(path);
    p.visitors.add(who); p.pageviews++; p.sources.add(visit!.source, who);
    if (cameFrom && cameFrom !== path) { bump(p.from, cameFrom); bump(page(cameFrom).to, path); } else if (!cameFrom) bump(p.from, source ?? visit!.source);
    f.referrers.add(visit!.source, who);
    if (visit!.campaign) f.campaigns.add(visit!.campaign, who);
    const person = VISITORS[step.who]!;
    f.countries.add(person.country, who); f.languages.add(person.lang, who); f.devices.add(person.device, who);
    f.browsers.add(person.browser, who); f.os.add(person.os, who);
  }
  for (const visit of visits.values()) closeVisit(visit);
  return f;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** A page's reading figures: engaged time per engaged visitor, scroll per reporting visitor, readers per visitor. */
export function reading(p: PageFigures) {
  const reports = [...p.engaged.values()];
  const engaged = reports.filter((r) => r.ms > 0);
  return {
    average_reading_seconds: engaged.length ? round1(engaged.reduce((s, r) => s + r.ms, 0) / engaged.length / 1000) : null,
    average_scroll_percent: reports.length ? round1(reports.reduce((s, r) => s + r.scroll, 0) / reports.length) : null,
    read_rate: share(reports.filter((r) => r.ms >= 30_000 && r.scroll >= 75).length, p.visitors.size),
  };
}

/** The whole range's reading time: engaged milliseconds over visitors engaged anywhere (per day). */
export function averageReading(f: Figures): number | null {
  let ms = 0;
  const engaged = new Set<string>();
  for (const p of f.pages.values()) for (const [who, r] of p.engaged) { ms += r.ms; if (r.ms > 0) engaged.add(who); }
  return engaged.size ? round1(ms / engaged.size / 1000) : null;
}

export { share };
