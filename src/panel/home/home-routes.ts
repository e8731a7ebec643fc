import type { Router } from '../../http/router.js';
import { PANEL_CSS_PATH, serveStylesheet } from '../stylesheet.js';
import { PANEL_SCRIPT_PATH } from '../layout.js';
import { serveScript } from '../panel-script.js';
import { showHome, type HomeDeps } from './home.js';
import { FAVICON_PATH, serveFavicon } from '../favicon.js';
import { SCHEME_PATH } from '../colour-scheme.js';
import { setScheme } from '../colour-scheme-route.js';

/** The panel's home, the stylesheet every panel page links, the script some load, the icon and the colour switch. */
export function registerHomeRoutes(router: Router, deps: HomeDeps): void {
  router.get(PANEL_CSS_PATH, serveStylesheet);
  router.get(PANEL_SCRIPT_PATH, serveScript);
  router.get(FAVICON_PATH, serveFavicon);
  router.post(SCHEME_PATH, (ctx) => setScheme(ctx, deps));
  router.get('/svc/panel/', (ctx) => showHome(ctx, deps));
}
