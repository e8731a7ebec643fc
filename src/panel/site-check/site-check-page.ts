// GET /svc/panel/check: the Site check for people whose role has settings.manage, the same list as
// `svc check` (content/check/), with site.yaml's url compared to the address the panel is served at.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { checkSite } from '../../content/check/check-site.js';
import type { SiteProblem } from '../../content/check/site-problems.js';
import { esc } from '../html.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelPost, requirePanelSession } from '../panel-session.js';
import { csrfField } from '../csrf.js';
import type { SearchState } from '../../content/search/site-search.js';

export const SITE_CHECK_PATH = '/svc/panel/check';

/** How one cache purge target fares (edge/purge-status.ts writes it; never a token). */
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
  return `<form method="post" action="${REINDEX_PATH}" class="card">${csrfField(csrf)}<p>Just copied files into <code>content/</code> (rsync, git pull, SFTP)? Edits to older entries show within minutes on a large site; this compares every entry folder with the index now and records what changed in the change feed.</p>${outcome === null ? '' : `<p role="status"><strong>${esc(outcome)}</strong></p>`}<button type="submit" class="secondary">Compare every entry with the disk now</button></form>`;
}

function renderProblems(problems: readonly SiteProblem[], root: string): string {
  const intro = '<h1>Site check</h1><p class="muted">What would surprise you about the files of this site: files that do not parse, front matter the content tools would refuse, tags and media that do not exist, cards with empty required settings, schedules that have passed, links, and files the server cannot read or write. <code>svc check</code> lists the same on the command line.</p>';
  if (problems.length === 0) return `${intro}<p>No problems found in ${esc(root)}.</p>`;
  const rows = problems.map((problem) => `<tr><td><code>${esc(problem.file)}</code></td><td>${esc(problem.problem)}</td></tr>`).join('');
  return `${intro}<p>${problems.length} problem${problems.length === 1 ? '' : 's'} found in ${esc(root)}.</p><table><thead><tr><th>File</th><th>Problem</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The cache purges' state: one row per target, a failing one said first in words. */
function renderPurges(lines: readonly PurgeLine[]): string {
  if (lines.length === 0) return '';
  const rows = lines.map((line) => {
    const state = line.lastError === null
      ? (line.lastPurgeAt === null ? 'No purge sent yet.' : `Last purge ${esc(line.lastPurgeAt)}.`)
      : `<strong>Failing since ${esc(line.failingSince ?? '')}:</strong> ${esc(line.lastError)}. ${line.pending} change${line.pending === 1 ? '' : 's'} waiting; tried again until it answers.`;
    return `<tr><td>${esc(line.name)}</td><td><code>${esc(line.where)}</code></td><td>${state}</td></tr>`;
  }).join('');
  return `<h2>Cache purges</h2><table><thead><tr><th>Target</th><th>Where</th><th>State</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Where the search index stands: built (how many translations), or how far its build is. */
function renderSearchState(state: SearchState): string {
  const said = state.state === 'ready'
    ? `Built: ${state.translations.toLocaleString('en-US')} ${state.translations === 1 ? 'translation' : 'translations'} searchable, kept in step with every change.`
    : state.state === 'building'
      ? `<strong>Being built: ${state.percent} %</strong> (${state.done.toLocaleString('en-US')} of ${state.total.toLocaleString('en-US')} entries). Searches answer once it is done; reload this page to see how far it is.`
      : state.state === 'unavailable'
        ? `<strong>Not available:</strong> ${esc(state.reason)}`
        : 'Not opened yet: the first search opens it.';
  return `<h2>Search index</h2><p role="status">${said}</p>`;
}

export function showSiteCheck(ctx: RequestContext, deps: PanelDeps, outcome: string | null = null, purges: () => readonly PurgeLine[] = () => []): void {
  const session = requirePanelSession(ctx, deps, 'settings.manage');
  if (!session) return;
  const problems = checkSite({ root: deps.config.root, dataDir: deps.config.dataDir, servedAt: deps.config.baseUrl, now: deps.clock() });
  const body = renderProblems(problems, deps.config.root) + renderPurges(purges()) + renderSearchState(deps.content.search.state()) + reindexForm(session.csrf, outcome);
  sendPanelPage(ctx, 200, renderPage({ title: 'Site check', viewer: session, active: 'check', body }));
}

async function reindex(ctx: RequestContext, deps: PanelDeps, purges: () => readonly PurgeLine[]): Promise<void> {
  const posted = await requirePanelPost(ctx, deps, 'settings.manage');
  if (!posted) return;
  const started = performance.now();
  const result = await deps.content.reindex({ via: 'panel', detail: 'found by the Site check' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const entries = `${result.entries} ${result.entries === 1 ? 'entry' : 'entries'}`;
  showSiteCheck(ctx, deps, result.everything
    ? `Read all ${entries} from their files in ${seconds} s; recorded in the change feed that anything may have changed.`
    : `Compared ${entries} with the disk in ${seconds} s: ${result.changed} changed, recorded in the change feed.`, purges);
}

/** `purges`: the cache purges' state, shown when any target is configured. */
export function registerSiteCheckRoutes(router: Router, deps: PanelDeps, purges: () => readonly PurgeLine[] = () => []): void {
  router.get(SITE_CHECK_PATH, (ctx) => showSiteCheck(ctx, deps, null, purges));
  router.post(REINDEX_PATH, (ctx) => reindex(ctx, deps, purges));
}
