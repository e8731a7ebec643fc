// GET /svc/panel/check: the Site check for people whose role has settings.manage, the same list as
// `svc check` (content/check/), with site.yaml's url compared to the address the panel is served at.
import type { PanelDeps } from '../panel-deps.js';
import type { Router, RequestContext } from '../../http/router.js';
import { checkSite } from '../../content/check/check-site.js';
import type { SiteProblem } from '../../content/check/site-problems.js';
import { esc } from '../html.js';
import { renderPage, sendPanelPage } from '../layout.js';
import { requirePanelSession } from '../panel-session.js';

export const SITE_CHECK_PATH = '/svc/panel/check';

function renderProblems(problems: readonly SiteProblem[], root: string): string {
  const intro = '<h1>Site check</h1><p class="muted">What would surprise you about the files of this site: files that do not parse, front matter the content tools would refuse, tags and media that do not exist, cards with empty required settings, schedules that have passed, links, and files the server cannot read or write. <code>svc check</code> lists the same on the command line.</p>';
  if (problems.length === 0) return `${intro}<p>No problems found in ${esc(root)}.</p>`;
  const rows = problems.map((problem) => `<tr><td><code>${esc(problem.file)}</code></td><td>${esc(problem.problem)}</td></tr>`).join('');
  return `${intro}<p>${problems.length} problem${problems.length === 1 ? '' : 's'} found in ${esc(root)}.</p><table><thead><tr><th>File</th><th>Problem</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function showSiteCheck(ctx: RequestContext, deps: PanelDeps): void {
  const session = requirePanelSession(ctx, deps, 'settings.manage');
  if (!session) return;
  const problems = checkSite({ root: deps.config.root, dataDir: deps.config.dataDir, servedAt: deps.config.baseUrl, now: deps.clock() });
  sendPanelPage(ctx, 200, renderPage({ title: 'Site check', viewer: session, active: 'check', body: renderProblems(problems, deps.config.root) }));
}

export function registerSiteCheckRoutes(router: Router, deps: PanelDeps): void {
  router.get(SITE_CHECK_PATH, (ctx) => showSiteCheck(ctx, deps));
}
