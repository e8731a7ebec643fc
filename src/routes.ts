import { Router } from './http/router.js';
import type { AppDeps } from './app-deps.js';

/** Every HTTP route of the installation, specific ones before the public site's catch-all. */
export function buildRouter(deps: AppDeps): Router {
  const router = new Router();
  void deps;
  return router;
}
