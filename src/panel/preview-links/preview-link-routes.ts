// Preview links: made and revoked from an entry's page (Share preview), opened by anyone holding one.
import type { PanelDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { createShareHandlers } from '../entries/entry-share-handlers.js';
import { registerPreviewLinkPages, type PreviewLinkRenderers } from './preview-link-page.js';
import { PREVIEW_LINKS_PATH } from '../entries/entry-share-view.js';

export function registerPreviewLinkRoutes(router: Router, deps: PanelDeps, renderers: PreviewLinkRenderers): void {
  const share = createShareHandlers(deps);
  router.post(PREVIEW_LINKS_PATH, share.create);
  router.post(`${PREVIEW_LINKS_PATH}/revoke`, share.revoke);
  registerPreviewLinkPages(router, deps, renderers);
}
