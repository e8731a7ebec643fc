import type { PanelSessionDeps } from '../panel-deps.js';
import type { Router } from '../../http/router.js';
import { PANEL_CSS_PATH, serveStylesheet } from '../stylesheet.js';
import { showHome } from './home.js';

/** The panel's home and the stylesheet every panel page links. */
export function registerHomeRoutes(router: Router, deps: PanelSessionDeps): void {
  router.get(PANEL_CSS_PATH, serveStylesheet);
  router.get('/svc/panel/', (ctx) => showHome(ctx, deps));
}
