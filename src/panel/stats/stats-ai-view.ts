// The Statistics page's AI traffic: the four kinds (stats/ai-traffic.ts) for the view's days, of the page the
// view is filtered to (the page's own statistics) or of the whole site.
import { esc } from '../html.js';
import type { AiTraffic, CrawlerKind } from '../../stats/ai-traffic.js';
import { formatCount } from './stats-tables-view.js';

const TOP = 3;

function crawlerNames(kind: CrawlerKind): string {
  if (kind.crawlers.length === 0) return '';
  const names = kind.crawlers.slice(0, TOP).map((row) => `${row.crawler} (${row.operator}) ${formatCount(row.hits)}`);
  return `<br><span class="muted">${esc(names.join(' · '))}${kind.crawlers.length > TOP ? ` · ${kind.crawlers.length - TOP} more` : ''}</span>`;
}

export function renderAiTraffic(ai: { path: string | null; traffic: AiTraffic }): string {
  const t = ai.traffic;
  const a = t.assistant_visits;
  const assistants = a.assistants.length === 0 ? ''
    : `<br><span class="muted">${esc(a.assistants.slice(0, TOP).map((row) => `${row.assistant} ${formatCount(row.visitors)}`).join(' · '))}${a.assistants.length > TOP ? ` · ${a.assistants.length - TOP} more` : ''}</span>`;
  const rows = [
    `<tr><th scope="row">Visits from AI assistants${assistants}</th><td class="num">${formatCount(a.visitors)} visitors</td><td class="num">${formatCount(a.pageviews)} views</td></tr>`,
    ...([['Fetched for a person', t.user_fetches], ['Search and answer crawlers', t.search_crawlers], ['Training crawlers', t.training_crawlers]] as const)
      .map(([label, kind]) => `<tr><th scope="row">${label}${crawlerNames(kind)}</th><td class="num">${formatCount(kind.hits)} requests</td><td></td></tr>`),
  ].join('');
  const what = ai.path === null ? 'the whole site' : ai.path;
  if (a.pageviews === 0 && t.user_fetches.hits + t.search_crawlers.hits + t.training_crawlers.hits === 0) {
    return `<h2>AI traffic</h2><p class="muted">${esc(`Nobody came to ${what} from an AI assistant in these days, and no assistant or AI crawler requested it.`)}</p>`;
  }
  return `<h2>AI traffic</h2><p class="muted">${esc(`Of ${what} in these days: people who came from an assistant's answer, and pages assistants and crawlers requested (they run no script: counted on the server).`)}</p>`
    + `<div class="card flush" role="region" aria-label="AI traffic" tabindex="0"><table class="stats"><thead><tr><th scope="col">Kind</th><th scope="col" class="num">Visitors or requests</th><th scope="col" class="num">Views</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}
