// GET /svc/panel/check: the Site check for people whose role has settings.manage, the same list as
// `svc check` (content/check/), with site.yaml's url compared to the address the panel is served at.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { checkSite } from '../../content/check/check-site.js';
import type { SiteProblem } from '../../content/check/site-problems.js';
import { esc } from '../html.js';
import { escapeHtml } from '../../lib/html-escape.js';
import { fill, formatNumber, plural, words } from '../words/panel-words.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelPost, requirePanelSession } from '../panel-session.js';
import { csrfField } from '../csrf.js';
import type { SearchState } from '../../content/search/site-search.js';
import { publicName } from '../../edge/edge-settings.js';

export const SITE_CHECK_PATH = '/svc/panel/check';

/** How one cache purge target fares (edge/purge-status.ts writes it; never a token, `where` without secrets). */
export interface PurgeLine {
  name: string;
  where: string;
  lastPurgeAt: string | null;
  lastError: string | null;
  failingSince: string | null;
  pending: number;
}
const REINDEX_PATH = `${SITE_CHECK_PATH}/reindex`;

/**
 * The full pass at once (as `svc reindex`), for one who just synced the folder: changes of older entries
 * made on disk otherwise show within minutes on a large site (README "Changes made on disk").
 */
function reindexForm(csrf: string, outcome: string | null): string {
  const w = words().siteCheck;
  // The folder is code inside the sentence: the word is escaped first, then the escaped <code> is filled in.
  return `<form method="post" action="${REINDEX_PATH}" class="card">${csrfField(csrf)}<p>${fill(escapeHtml(w.reindexIntro), { folder: '<code>content/</code>' })}</p>${outcome === null ? '' : `<p role="status"><strong>${esc(outcome)}</strong></p>`}<button type="submit" class="secondary">${escapeHtml(w.reindexButton)}</button></form>`;
}

function renderProblems(problems: readonly SiteProblem[], root: string): string {
  const w = words().siteCheck;
  const t = escapeHtml;
  // The command is code inside the sentence: the word is escaped first, then the <code> is filled in.
  const intro = `<h1>${t(w.title)}</h1><p class="muted">${fill(t(w.intro), { command: '<code>svc check</code>' })}</p>`;
  if (problems.length === 0) return `${intro}<p>${esc(fill(w.noProblems, { root }))}</p>`;
  const rows = problems.map((problem) => `<tr><td><code>${esc(problem.file)}</code></td><td>${esc(problem.problem)}</td></tr>`).join('');
  return `${intro}<p>${esc(plural(w.problems, problems.length, { root }))}</p><table><thead><tr><th>${t(w.file)}</th><th>${t(w.problem)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The cache purges' state: one row per target, a failing one said first in words. */
function renderPurges(lines: readonly PurgeLine[]): string {
  if (lines.length === 0) return '';
  const w = words().siteCheck;
  const t = escapeHtml;
  const rows = lines.map((line) => {
    const state = line.lastError === null
      ? (line.lastPurgeAt === null ? t(w.noPurge) : esc(fill(w.lastPurge, { time: line.lastPurgeAt })))
      : `<strong>${esc(fill(w.failingSince, { time: line.failingSince ?? '' }))}</strong> ${esc(line.lastError)}. ${t(plural(w.waiting, line.pending))}`;
    // Named again here, whoever gave the line: the page promises "never a key" (README "Beyond one machine").
    return `<tr><td>${esc(line.name)}</td><td><code>${esc(publicName(line.where))}</code></td><td>${state}</td></tr>`;
  }).join('');
  return `<h2>${t(w.purges)}</h2><table><thead><tr><th>${t(w.target)}</th><th>${t(w.where)}</th><th>${t(w.state)}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Where the search index stands: built (how many translations), or how far its build is. */
function renderSearchState(state: SearchState): string {
  const w = words().siteCheck;
  const t = escapeHtml;
  const said = state.state === 'ready'
    ? t(plural(w.built, state.translations))
    : state.state === 'building'
      ? `<strong>${t(fill(w.building, { percent: state.percent }))}</strong> ${t(fill(w.buildingCount, { done: state.done, total: state.total }))}`
      : state.state === 'unavailable'
        ? `<strong>${t(w.unavailable)}</strong> ${esc(state.reason)}`
        : t(w.notOpened);
  return `<h2>${t(w.searchIndex)}</h2><p role="status">${said}</p>`;
}

export function showSiteCheck(ctx: RequestContext, deps: PanelDeps, outcome: string | null = null, purges: () => readonly PurgeLine[] = () => []): void {
  const session = requirePanelSession(ctx, deps, 'settings.manage');
  if (!session) return;
  const problems = checkSite({ root: deps.config.root, trusted: deps.trustedFolders, dataDir: deps.config.dataDir, servedAt: deps.config.baseUrl, now: deps.clock() });
  const body = renderProblems(problems, deps.config.root) + renderPurges(purges()) + renderSearchState(deps.content.search.state()) + reindexForm(session.csrf, outcome);
  sendPanelPage(ctx, 200, renderPage({ title: words().siteCheck.title, viewer: session, active: 'check', body }));
}

async function reindex(ctx: RequestContext, deps: PanelDeps, purges: () => readonly PurgeLine[]): Promise<void> {
  const posted = await requirePanelPost(ctx, deps, 'settings.manage');
  if (!posted) return;
  const started = performance.now();
  const result = await deps.content.reindex({ via: 'panel', detail: 'found by the Site check' });
  const w = words().siteCheck;
  const seconds = formatNumber((performance.now() - started) / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const entries = plural(w.entries, result.entries);
  const said = [
    result.everything ? fill(w.readAll, { entries, seconds }) : fill(w.compared, { entries, seconds, changed: result.changed }),
    ...(result.media > 0 ? [fill(w.media, { entries: plural(w.entries, result.media) })] : []),
    ...(result.mediaTakenAsIs ? [w.mediaTakenAsIs] : []),
    ...(result.unrecorded > 0 ? [fill(w.unrecorded, { unrecorded: result.unrecorded })] : []),
  ].join(' ');
  showSiteCheck(ctx, deps, said, purges);
}

/** `purges`: the cache purges' state, shown when any target is configured. */
export function registerSiteCheckRoutes(router: Router, deps: PanelDeps, purges: () => readonly PurgeLine[] = () => []): void {
  router.get(SITE_CHECK_PATH, (ctx) => showSiteCheck(ctx, deps, null, purges));
  router.post(REINDEX_PATH, (ctx) => reindex(ctx, deps, purges));
}
