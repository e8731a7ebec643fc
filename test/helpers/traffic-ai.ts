// The AI traffic of test/helpers/traffic-script.ts counted plainly from the tally (traffic-tally.ts), with the
// script's own hand-written lists of which sources are assistants and which channel each source is in.
import { ASSISTANT_OF, CHANNEL_OF } from './traffic-script.ts';
import type { Figures, Tally } from './traffic-tally.ts';

const byFigures = (a: [string, number, number], b: [string, number, number]) => b[1] - a[1] || b[2] - a[2] || (a[0] < b[0] ? -1 : 1);

/** The four kinds of AI traffic of one page (its views by visit source, its crawler hits) or of the whole site. */
export function expectedAiTraffic(f: Figures, path?: string) {
  const sources: Tally | undefined = path === undefined ? f.referrers : f.pages.get(path)?.sources;
  const assistants = new Map<string, [string, number, number]>();
  for (const [source, visitors, pageviews] of sources?.sorted() ?? []) {
    const known = ASSISTANT_OF[source];
    if (!known) continue;
    const row = assistants.get(known.assistant) ?? [known.assistant, 0, 0];
    row[1] += visitors; row[2] += pageviews;
    assistants.set(known.assistant, row);
  }
  const operatorOf = (assistant: string) => Object.values(ASSISTANT_OF).find((a) => a.assistant === assistant)!.operator;
  const kind = (purpose: string) => {
    const rows: [string, number, number][] = [];
    for (const [name, crawler] of f.crawlers) {
      if (crawler.purpose !== purpose) continue;
      const hits = path === undefined ? [...crawler.pages.values()].reduce((a, b) => a + b, 0) : crawler.pages.get(path) ?? 0;
      if (hits > 0) rows.push([name, hits, 0]);
    }
    rows.sort(byFigures);
    return { hits: rows.reduce((sum, row) => sum + row[1], 0), crawlers: rows.map(([crawler, hits]) => ({ crawler, operator: f.crawlers.get(crawler)!.operator, hits })) };
  };
  const rows = [...assistants.values()].sort(byFigures);
  return {
    assistant_visits: {
      visitors: rows.reduce((sum, row) => sum + row[1], 0), pageviews: rows.reduce((sum, row) => sum + row[2], 0),
      assistants: rows.map(([assistant, visitors, pageviews]) => ({ assistant, operator: operatorOf(assistant), visitors, pageviews })),
    },
    user_fetches: kind('user'), search_crawlers: kind('search'), training_crawlers: kind('training'),
  };
}

/** The pages visits from assistants went to: [path, visitors, page views], as the answers sort them. */
export function expectedAssistantPages(f: Figures): [string, number, number][] {
  const rows: [string, number, number][] = [];
  for (const [path, page] of f.pages) {
    let visitors = 0, pageviews = 0;
    for (const [source, v, pv] of page.sources.sorted()) if (ASSISTANT_OF[source]) { visitors += v; pageviews += pv; }
    if (pageviews > 0) rows.push([path, visitors, pageviews]);
  }
  return rows.sort(byFigures);
}

/** Sources grouped into channels: [channel, visitors, page views]. */
export function expectedChannels(f: Figures): [string, number, number][] {
  const channels = new Map<string, [string, number, number]>();
  for (const [source, visitors, pageviews] of f.referrers.sorted()) {
    const channel = CHANNEL_OF[source];
    if (!channel) throw new Error(`the script names no channel for ${source}`);
    const row = channels.get(channel) ?? [channel, 0, 0];
    row[1] += visitors; row[2] += pageviews;
    channels.set(channel, row);
  }
  return [...channels.values()].sort(byFigures);
}
