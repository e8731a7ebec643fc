// The four kinds of AI traffic of a page or of the whole site: (a) visits that arrived from an assistant's
// answer (by source, see ai-assistants.ts), (b) pages an assistant fetched for a person, (c) search and
// answer crawlers, (d) training crawlers ((b)-(d) counted on the server: ai-crawlers.ts).
import { assistantOfSource } from './ai-assistants.js';
import { aiCrawlerByName, type CrawlerPurpose } from './ai-crawlers.js';
import { own, type CrawlerRollup, type Pair } from './store/stats-store.js';

export interface AssistantVisits {
  /** daily-unique visitors summed over the assistants' sources (as a period's visitors are summed over days) */
  visitors: number;
  pageviews: number;
  assistants: { assistant: string; operator: string; visitors: number; pageviews: number }[];
}
export interface CrawlerKind { hits: number; crawlers: { crawler: string; operator: string; hits: number }[] }
export interface AiTraffic { assistant_visits: AssistantVisits; user_fetches: CrawlerKind; search_crawlers: CrawlerKind; training_crawlers: CrawlerKind }

const KIND_OF: Record<CrawlerPurpose, 'user_fetches' | 'search_crawlers' | 'training_crawlers'> = { user: 'user_fetches', search: 'search_crawlers', training: 'training_crawlers' };

const byFigures = <T extends { assistant?: string; crawler?: string }>(a: T & { n: number; m: number }, b: T & { n: number; m: number }) =>
  b.n - a.n || b.m - a.m || ((a.assistant ?? a.crawler)! < (b.assistant ?? b.crawler)! ? -1 : 1);

/** (a) from a sources table ([visitors, page views] per source): the sources that are assistants, by assistant. */
export function assistantVisits(referrers: Record<string, Pair>): AssistantVisits {
  const rows = new Map<string, { assistant: string; operator: string; visitors: number; pageviews: number }>();
  let visitors = 0, pageviews = 0;
  for (const source of Object.keys(referrers)) {
    const assistant = assistantOfSource(source);
    if (!assistant) continue;
    const [v, pv] = referrers[source]!;
    const row = rows.get(assistant.name) ?? { assistant: assistant.name, operator: assistant.operator, visitors: 0, pageviews: 0 };
    row.visitors += v; row.pageviews += pv;
    rows.set(assistant.name, row);
    visitors += v; pageviews += pv;
  }
  const assistants = [...rows.values()].map((row) => ({ ...row, n: row.visitors, m: row.pageviews })).sort(byFigures)
    .map(({ assistant, operator, visitors: v, pageviews: pv }) => ({ assistant, operator, visitors: v, pageviews: pv }));
  return { visitors, pageviews, assistants };
}

/** Crawler hits added up per crawler: of `path` when given, else of every page. */
export function addCrawlerHits(into: Map<string, number>, crawlers: Record<string, CrawlerRollup>, path?: string): void {
  for (const name of Object.keys(crawlers)) {
    const crawler = crawlers[name]!;
    const hits = path === undefined ? crawler.hits : own(crawler.pages, path) ?? 0;
    if (hits > 0) into.set(name, (into.get(name) ?? 0) + hits);
  }
}

/** (b)-(d) from hits per crawler; a crawler no longer in ai-agents.json is in none of them. */
export function crawlerKinds(hits: ReadonlyMap<string, number>): Pick<AiTraffic, 'user_fetches' | 'search_crawlers' | 'training_crawlers'> {
  const kinds = { user_fetches: [] as CrawlerKind['crawlers'], search_crawlers: [] as CrawlerKind['crawlers'], training_crawlers: [] as CrawlerKind['crawlers'] };
  for (const [name, n] of hits) {
    const crawler = aiCrawlerByName(name);
    if (crawler) kinds[KIND_OF[crawler.purpose]].push({ crawler: name, operator: crawler.operator, hits: n });
  }
  const kind = (rows: CrawlerKind['crawlers']): CrawlerKind => ({
    hits: rows.reduce((sum, row) => sum + row.hits, 0),
    crawlers: rows.map((row) => ({ ...row, n: row.hits, m: 0 })).sort(byFigures).map(({ crawler, operator, hits: h }) => ({ crawler, operator, hits: h })),
  });
  return { user_fetches: kind(kinds.user_fetches), search_crawlers: kind(kinds.search_crawlers), training_crawlers: kind(kinds.training_crawlers) };
}

export function aiTraffic(referrers: Record<string, Pair>, crawlerHits: ReadonlyMap<string, number>): AiTraffic {
  return { assistant_visits: assistantVisits(referrers), ...crawlerKinds(crawlerHits) };
}
