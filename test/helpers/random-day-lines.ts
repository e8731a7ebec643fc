// Seeded random raw and bot log lines for one day, shaped to reach every counting rule: visits that end
// after 30 quiet minutes and lines a little out of time order (several processes append to one log),
// steps inside the site, engagement reported more than once per page (crossing the 30 s and 75 % of a
// read), engagement from visitors with no page view, events, consent, bots, AI crawlers, a visitor on
// very many pages, and long tails past the caps (so which keys are cut depends on the order of ties too).
import { seededRandom } from '../../dist/cli/demo-traffic/seed-random.js';
import type { RawLine, BotLogLine } from '../../src/stats/store/raw-event.ts';

export interface DayLines { raw: RawLine[]; bots: BotLogLine[] }

export function randomDayLines(seed: number, count: number, start: number, options: { wideTails?: boolean } = {}): DayLines {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const wide = options.wideTails ?? false;
  const visitors = Array.from({ length: Math.max(4, Math.floor(count / 5)) }, (_, i) => `v${seed}-${i}`);
  const paths = Array.from({ length: wide ? 2100 : 40 }, (_, i) => `/p/${i}`);
  const sources = [null, null, 'google.com', 'duckduckgo.com', ...Array.from({ length: wide ? 520 : 6 }, (_, i) => `ref-${i}.example`)];
  const raw: RawLine[] = [];
  const bots: BotLogLine[] = [];
  let t = start;
  const onPage = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    // Mostly forward in small steps, sometimes a quiet hour, sometimes a line from a little earlier.
    const r = random();
    t += r < 0.02 ? 45 * 60_000 : r < 0.06 ? -Math.floor(random() * 120_000) : Math.floor(random() * 20_000);
    const v = i === 7 ? visitors[0]! : random() < 0.02 ? visitors[0]! : pick(visitors);
    const kind = random();
    if (kind < 0.5 || v === visitors[0]) {
      // visitors[0] wanders over every page: past the point where its list gets a map beside it.
      const p = v === visitors[0] ? paths[i % paths.length]! : pick(paths);
      const from = random() < 0.4 ? (onPage.get(v) ?? null) : null;
      raw.push({ k: 'pv', t, v, p, s: from ? null : pick(sources), c: random() < 0.1 ? pick(['spring', 'news', `c${i % (wide ? 230 : 3)}`]) : null, f: from,
        co: pick(['DE', 'AT', 'US', '(unknown)']), l: pick(['de', 'en', 'fr']), d: pick(['mobile', 'desktop', 'tablet']), b: pick(['Firefox 133', 'Chrome 131']), o: pick(['Linux', 'iOS 18', 'Windows 10']) });
      onPage.set(v, p);
    } else if (kind < 0.8) {
      const p = random() < 0.8 ? (onPage.get(v) ?? pick(paths)) : pick(paths);
      raw.push({ k: 'en', t, v, p, e: pick([0, 0, 5_000, 12_000, 29_999, 30_000, 61_000]), sc: pick([0, 20, 74, 75, 90, 100]) });
    } else if (kind < 0.88) {
      raw.push({ k: 'ev', t, v, p: onPage.get(v) ?? '/', n: pick(['signup', 'download', 'outbound_click']) });
    } else if (kind < 0.93) {
      raw.push({ k: 'cs', t, bv: pick(['a1', 'b2']), st: random() < 0.5, mk: random() < 0.3, em: random() < 0.6, a: pick(['accept_all', 'reject_all', 'save']) });
    } else if (kind < 0.97) {
      bots.push({ k: 'ai', t, n: pick(['GPTBot', 'ClaudeBot', 'CCBot']), p: pick(paths) });
    } else {
      bots.push({ k: 'bot', t, r: pick(['bot_ua', 'prefetch', 'empty_ua']) });
    }
  }
  return { raw, bots };
}
