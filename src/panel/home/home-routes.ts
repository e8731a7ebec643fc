import type { Router } from '../../http/router.js';
import { PANEL_CSS_PATH, serveStylesheet } from '../stylesheet.js';
import { PANEL_SCRIPT_PATH } from '../layout.js';
import { serveScript } from '../panel-script.js';
import { showHome, type HomeDeps } from './home.js';

/** The panel's home, the stylesheet every panel page links, and the script some load. */
export function registerHomeRoutes(router: Router, deps: HomeDeps): void {
  router.get(PANEL_CSS_PATH, serveStylesheet);
  router.get(PANEL_SCRIPT_PATH, serveScript);
  router.get('/svc/panel/', (ctx) => showHome(ctx, deps));
}
