// The panel's pages and OAuth's endpoints, registered by routes.ts on the first request for an address
// under their prefixes (Router.lazy): a server that only serves the site, the Content API and MCP
// never loads this code, and keeps the resident memory it would take (README "Memory").
import type { Router } from '../http/router.js';
import type { AppDeps } from './app-deps.js';
import { SignInThrottle } from '../panel/sign-in-throttle.js';
import { registerHomeRoutes } from '../panel/home/home-routes.js';
import { registerSignInRoutes } from '../panel/sign-in/sign-in-routes.js';
import { registerAssistantsRoutes } from '../panel/assistants/assistants-routes.js';
import { registerAccountRoutes } from '../panel/account/account-routes.js';
import { registerApprovalRoutes } from '../panel/approvals/approvals-routes.js';
import { registerEntryRoutes } from '../panel/entries/entries-routes.js';
import { registerPreviewRoutes } from '../panel/preview/preview.js';
import { registerMediaLibraryRoutes } from '../panel/media/media-library.js';
import { renderPreviewPage } from '../site/preview-page.js';
import { registerPreviewLinkRoutes } from '../panel/preview-links/preview-link-routes.js';
import { renderSharedPreviewPage } from '../site/shared-preview-page.js';
import { mediaHandler } from '../site/media-files.js';
import { registerRevisionRoutes } from '../panel/revisions/revisions-routes.js';
import { registerTrashRoutes } from '../panel/trash/trash.js';
import { registerTeamRoutes } from '../panel/team/team.js';
import { registerSettingsRoutes } from '../panel/settings/settings.js';
import { registerLinkPages } from '../panel/team/link-pages.js';
import { registerHistoryRoutes } from '../panel/history/history-routes.js';
import { registerStatsPage } from '../panel/stats/stats-page.js';
import { registerGoalsPage } from '../panel/stats-goals/goals-page.js';
import { registerFunnelPage } from '../panel/stats-funnel/funnel-page.js';
import { registerImportPage } from '../panel/stats-import/import-page.js';
import { registerSharesPage } from '../panel/stats-shared/shares-page.js';
import { registerSharedView } from '../panel/stats-shared/shared-view-page.js';
import { registerSiteCheckRoutes } from '../panel/site-check/site-check-page.js';
import { registerOAuthRoutes } from '../oauth/routes/oauth-routes.js';
import { registerOAuthConsentRoutes } from '../panel/oauth-consent/oauth-consent.js';
import { PurgeStatus } from '../edge/purge-status.js';
import { registerWebhookRoutes } from '../panel/webhooks/webhooks-page.js';
import { join } from 'node:path';
import { inRequestLanguage } from '../panel/panel-language.js';

export function registerPanelAndOAuthRoutes(router: Router, deps: AppDeps): void {
  // Every page below is drawn in the words of the person asking (panel/words/).
  router.aroundEach(inRequestLanguage(deps));
  // The panel: its home and stylesheet, sign-in (+ two-factor), Assistants (tokens), Your account. One
  // throttle for every password and code check, at sign-in and on the account page.
  const throttle = new SignInThrottle(deps.clock);
  registerHomeRoutes(router, deps);
  registerSignInRoutes(router, deps, throttle, () => deps.content.site().title);
  registerAssistantsRoutes(router, deps, () => deps.content.site().title);
  registerAccountRoutes(router, deps, throttle);
  // Team (admins: people, roles, invitations, reset links) and the pages those one-time links open.
  registerTeamRoutes(router, deps);
  registerLinkPages(router, deps, throttle);
  // Panel: Waiting for approval, the approval-mode switch.
  registerApprovalRoutes(router, deps);
  // Panel: Content (the list of entries, one entry, editing, publishing), previews drawn by the public
  // site's renderer, and the media library.
  registerEntryRoutes(router, deps);
  registerPreviewRoutes(router, deps, (entry, translation, editHref, draft) => renderPreviewPage(deps.content, entry, translation, editHref, deps.log, draft));
  registerMediaLibraryRoutes(router, deps);
  // Panel: preview links (Share preview on an entry's page), and the pages they open without signing in.
  const entryMedia = mediaHandler(deps.content.trustedFolders, deps.content.contentDir);
  registerPreviewLinkRoutes(router, deps, {
    page: (preview) => renderSharedPreviewPage(deps.content, preview, deps.log),
    media: (ctx, entryId, file, cacheControl) => {
      // The media handler reads the file's place from the route's tail, as /media/* gives it.
      ctx.params['*'] = `${entryId}/${file}`;
      entryMedia(ctx, cacheControl, { 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
    },
  });
  // Panel: an entry's earlier versions, a diff of one against now, Restore.
  registerRevisionRoutes(router, deps);
  // Panel: the Trash (what people deleted: restore, or delete for good).
  registerTrashRoutes(router, deps);
  // Panel: History, every change with filters by person, via, token and entry.
  registerHistoryRoutes(router, deps);
  // Panel: Statistics (figures from the same functions as the MCP statistics tools).
  registerStatsPage(router, deps);
  registerGoalsPage(router, deps);
  registerFunnelPage(router, deps);
  registerImportPage(router, deps);
  registerSharesPage(router, deps);
  registerSharedView(router, deps, throttle);
  // Panel: Site check (what `svc check` lists), for people who manage the site's settings.
  const purges = new PurgeStatus(deps.trustedFolders, join(deps.config.dataDir, 'feed', 'purge-status.json'));
  registerSiteCheckRoutes(router, deps, () => purges.read());
  // Panel: Settings (what svc init and site.yaml set), for people who manage the site's settings.
  registerSettingsRoutes(router, deps);
  // Panel: Webhooks (admin only), the endpoints other systems are told of changes at.
  registerWebhookRoutes(router, deps, deps.webhooks);
  // OAuth 2.1 for assistants: metadata, registration, consent (a panel page), tokens.
  registerOAuthRoutes(router, deps);
  registerOAuthConsentRoutes(router, deps);
}
