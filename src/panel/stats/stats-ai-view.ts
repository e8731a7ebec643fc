// The Statistics page's AI traffic: the four kinds (stats/ai-traffic.ts) for the view's days, of the page the
// view is filtered to (the page's own statistics) or of the whole site.
import { esc } from '../html.js';
import type { AiTraffic, CrawlerKind } from '../../stats/ai-traffic.js';
import { formatCount } from './stats-tables-view.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, words } from '../words/panel-words.js';

const TOP = 3;

function crawlerNames(kind: CrawlerKind): string {
  if (kind.crawlers.length === 0) return '';
  const names = kind.crawlers.slice(0, TOP).map((row) => `${row.crawler} (${row.operator}) ${formatCount(row.hits)}`);
  return `<br><span class="muted">${esc(names.join(' · '))}${kind.crawlers.length > TOP ? ` · ${esc(fill(words().stats.ai.more, { count: kind.crawlers.length - TOP }))}` : ''}</span>`;
}

export function renderAiTraffic(ai: { path: string | null; traffic: AiTraffic }): string {
  const t = ai.traffic;
  const a = t.assistant_visits;
  const w = words().stats.ai;
  const text = escapeHtml;
  const assistants = a.assistants.length === 0 ? ''
    : `<br><span class="muted">${esc(a.assistants.slice(0, TOP).map((row) => `${row.assistant} ${formatCount(row.visitors)}`).join(' · '))}${a.assistants.length > TOP ? ` · ${esc(fill(w.more, { count: a.assistants.length - TOP }))}` : ''}</span>`;
  const rows = [
    `<tr><th scope="row">${text(w.assistants)}${assistants}</th><td class="num">${text(fill(w.visitors, { count: a.visitors }))}</td><td class="num">${text(fill(w.views, { count: a.pageviews }))}</td></tr>`,
    ...([[w.userFetches, t.user_fetches], [w.searchCrawlers, t.search_crawlers], [w.trainingCrawlers, t.training_crawlers]] as const)
      .map(([label, kind]) => `<tr><th scope="row">${text(label)}${crawlerNames(kind)}</th><td class="num">${text(fill(w.requests, { count: kind.hits }))}</td><td></td></tr>`),
  ].join('');
  const what = ai.path === null ? w.wholeSite : ai.path;
  if (a.pageviews === 0 && t.user_fetches.hits + t.search_crawlers.hits + t.training_crawlers.hits === 0) {
    return `<h2>${text(w.heading)}</h2><p class="muted">${esc(fill(w.nobody, { what }))}</p>`;
  }
  return `<h2>${text(w.heading)}</h2><p class="muted">${esc(fill(w.of, { what }))}</p>`
    + `<div class="card flush" role="region" aria-label="${esc(w.heading)}" tabindex="0"><table class="stats"><thead><tr><th scope="col">${text(w.kind)}</th><th scope="col" class="num">${text(w.visitorsOrRequests)}</th><th scope="col" class="num">${text(w.viewsHeading)}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}
