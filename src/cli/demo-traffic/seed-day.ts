// One generated day: either a rollup written directly (fast: no events are made) or raw log lines.
import { emptyRollup, emptyPage, capRollup, type Pair, type Rollup, type RawLine, type BotLogLine, DIRECT } from '../../stats/store/stats-store.js';
import { distribute, pickWeighted, type Random } from './seed-random.js';
import { SOURCES, CAMPAIGNS, COUNTRIES, LANGUAGES, DEVICES, BROWSERS, SYSTEMS, EVENTS, CRAWLERS, HOUR_CURVE } from './seed-traffic.js';

export interface SeedPage { path: string; weight: number; seconds: number; scroll: number; readRate: number }

/** Pages with Zipf-like popularity and a reading profile each. */
export function seedPages(paths: readonly string[], random: Random): SeedPage[] {
  return paths.map((path, rank) => ({
    path,
    weight: 1 / Math.pow(rank + 1, 1.05),
    seconds: 25 + random() * 110,
    scroll: 40 + random() * 50,
    readRate: 0.08 + random() * 0.4,
  }));
}

const PAGES_PER_VISITOR = 1.6;

function pairs(total: number, table: readonly (readonly [string, number])[], random: Random): Record<string, Pair> {
  const weights = table.map(([, w]) => w * (0.8 + random() * 0.4));
  const counts = distribute(total, weights, random);
  const out: Record<string, Pair> = {};
  table.forEach(([key], i) => {
    const pv = counts[i]!;
    if (pv > 0) out[key] = [Math.max(1, Math.round(pv / PAGES_PER_VISITOR)), pv];
  });
  return out;
}

/** A day's rollup made from shares, with `pageviews` page views over `pages`. */
export function generateDayRollup(day: string, pageviews: number, pages: readonly SeedPage[], random: Random): Rollup {
  const r = emptyRollup(day);
  const visitors = Math.max(pageviews > 0 ? 1 : 0, Math.round(pageviews / PAGES_PER_VISITOR));
  r.pageviews = pageviews;
  r.visitors = visitors;
  r.visits = Math.round(visitors * 1.15);
  r.bounces = Math.round(r.visits * (0.45 + random() * 0.15));
  r.days[day] = [visitors, pageviews];
  const hourCounts = distribute(pageviews, HOUR_CURVE, random);
  r.hours = hourCounts.map((pv): Pair => [Math.round(pv / PAGES_PER_VISITOR), pv]);
  const pageCounts = distribute(pageviews, pages.map((p) => p.weight * (0.6 + random() * 0.8)), random);
  const top = pages.slice(0, 12).map((p) => p.path);
  pages.forEach((page, i) => {
    const pv = pageCounts[i]!;
    if (pv === 0) return;
    const p = emptyPage();
    p.pv = pv;
    p.v = Math.max(1, Math.round(pv / 1.2));
    p.ev = Math.round(p.v * 0.65);
    p.em = Math.round(p.ev * page.seconds * 1000 * (0.8 + random() * 0.4));
    p.sn = p.ev;
    p.ss = Math.round(p.sn * page.scroll);
    p.rd = Math.min(p.v, Math.round(p.v * page.readRate));
    const steps = Math.min(8, Math.max(1, Math.ceil(pv / 20)));
    const fromCounts = distribute(pv, SOURCES.slice(0, steps).map(([, w]) => w), random);
    SOURCES.slice(0, steps).forEach(([source], k) => { if (fromCounts[k]! > 0) p.from[source === '(direct)' ? DIRECT : source] = fromCounts[k]!; });
    const onward = Math.round(pv * 0.35);
    if (onward > 0) {
      const next = top.filter((path) => path !== page.path).slice(0, steps);
      const nextCounts = distribute(onward, next.map((_, k) => 1 / (k + 1)), random);
      next.forEach((path, k) => { if (nextCounts[k]! > 0) p.to[path] = nextCounts[k]!; });
    }
    r.pages[page.path] = p;
    r.engaged_ms += p.em;
  });
  r.engaged_visitors = Math.round(visitors * 0.6);
  r.referrers = pairs(pageviews, SOURCES, random);
  r.campaigns = pairs(Math.round(pageviews * 0.06), CAMPAIGNS, random);
  r.countries = pairs(pageviews, COUNTRIES, random);
  r.languages = pairs(pageviews, LANGUAGES, random);
  r.devices = pairs(pageviews, DEVICES, random);
  r.browsers = pairs(pageviews, BROWSERS, random);
  r.os = pairs(pageviews, SYSTEMS, random);
  r.events = pairs(Math.round(visitors * 0.08), EVENTS, random);
  const crawlerHits = Math.round(pageviews * 0.05) + 3;
  const crawlerCounts = distribute(crawlerHits, CRAWLERS.map(([, w]) => w), random);
  CRAWLERS.forEach(([name], i) => {
    const hits = crawlerCounts[i]!;
    if (hits === 0) return;
    const pagesHit: Record<string, number> = {};
    for (let h = 0; h < Math.min(hits, 30); h++) {
      const path = pages[Math.floor(Math.pow(random(), 2) * pages.length)]!.path;
      pagesHit[path] = (pagesHit[path] ?? 0) + 1;
    }
    if (hits > 30) { const first = Object.keys(pagesHit)[0]!; pagesHit[first]! += hits - 30; }
    r.crawlers[name] = { hits, pages: pagesHit };
  });
  r.bots = { bot_ua: Math.round(pageviews * 0.12), prefetch: Math.round(pageviews * 0.02), empty_ua: Math.round(pageviews * 0.01), navigation: Math.round(random() * 2) };
  const decisions = Math.round(visitors * 0.25);
  const [accept, reject, save] = distribute(decisions, [55, 30, 15], random) as [number, number, number];
  r.consent = {
    decisions,
    // Saved choices agree to at least the category most of them tick (the rest ticked nothing).
    agreed_any: accept + Math.round(save * 0.8),
    agreed: { statistics: accept + Math.round(save * 0.7), marketing: accept + Math.round(save * 0.2), external_media: accept + Math.round(save * 0.8) },
    actions: { accept_all: accept, reject_all: reject, save },
    versions: { seed: decisions },
  };
  return capRollup(r);
}

/**
 * Raw log lines for `pageviews` page views between `start` and `end` (epoch ms), as the collect endpoint
 * would write them: visitors with one to four page views, engagement reports, a few events.
 */
const PLANS = ['free', 'pro', 'team'] as const;

export function generateRawLines(pageviews: number, start: number, end: number, pages: readonly SeedPage[], random: Random): { raw: RawLine[]; bots: BotLogLine[] } {
  const raw: RawLine[] = [];
  const weights = pages.map((p) => [p, p.weight] as const);
  let made = 0;
  let visitor = 0;
  while (made < pageviews) {
    const v = `seed${Math.floor(random() * 1e9).toString(36)}${(visitor++).toString(36)}`;
    const views = Math.min(pageviews - made, 1 + Math.floor(random() * random() * 4));
    let t = start + Math.floor(random() * Math.max(1, end - start - views * 60_000));
    const source = pickWeighted(SOURCES, random);
    const base = {
      co: pickWeighted(COUNTRIES, random), l: pickWeighted(LANGUAGES, random), d: pickWeighted(DEVICES, random),
      b: pickWeighted(BROWSERS, random), o: pickWeighted(SYSTEMS, random),
    };
    let previous: string | null = null;
    for (let i = 0; i < views; i++) {
      const page = pickWeighted(weights, random);
      raw.push({ k: 'pv', t, v, p: page.path, s: previous ? null : (source === '(direct)' ? null : source), c: !previous && source === 'newsletter' ? 'newsletter' : null, f: previous, ...base });
      const read = random() < page.readRate;
      const engaged = Math.round((read ? 30 + random() * 120 : random() * 40) * 1000);
      t += Math.min(engaged + 2000, 600_000);
      if (t < end) raw.push({ k: 'en', t, v, p: page.path, e: engaged, sc: read ? 75 + Math.floor(random() * 26) : Math.floor(random() * 80) });
      // A custom property on every event, taken from the time (no draw: the rest of the day stays as it was).
      if (random() < 0.04) raw.push({ k: 'ev', t, v, p: page.path, n: pickWeighted(EVENTS, random), pr: { plan: PLANS[t % PLANS.length]! } });
      previous = page.path;
      made++;
    }
    if (random() < 0.2) raw.push({ k: 'cs', t: Math.min(t, end - 1), bv: 'seed', st: random() < 0.6, mk: random() < 0.3, em: random() < 0.6, a: pickWeighted([['accept_all', 55], ['reject_all', 30], ['save', 15]] as const, random) });
  }
  raw.sort((a, b) => a.t - b.t);
  const bots: BotLogLine[] = [];
  const crawlerHits = Math.round(pageviews * 0.05) + 1;
  for (let i = 0; i < crawlerHits; i++) {
    bots.push({ k: 'ai', t: start + Math.floor(random() * (end - start)), n: pickWeighted(CRAWLERS, random), p: pages[Math.floor(Math.pow(random(), 2) * pages.length)]!.path });
  }
  bots.sort((a, b) => a.t - b.t);
  return { raw, bots };
}
