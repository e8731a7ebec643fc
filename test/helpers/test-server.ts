// Boots the real HTTP server (the same router and deps as dist/server.js) on port 0 for a test.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { buildRouter } from '../../dist/wiring/routes.js';
import { createHttpServer } from '../../dist/http/server.js';
import type { AppDeps } from '../../src/wiring/app-deps.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { systemClock } from '../../dist/lib/clock.js';
import type { RateLimitsSetting } from '../../src/lib/rate-limit-settings.ts';
import type { EdgeSettings } from '../../src/edge/edge-settings.ts';
import { watchApiAnswers } from './api-answer-watch.ts';

export interface TestServer {
  url: string;
  deps: AppDeps;
  server: Server;
  close(): Promise<void>;
}

/**
 * `rateLimits: false` is SVC_RATE_LIMITS=off; an object sets limits one by one (SVC_RATE_LIMIT_<NAME>).
 * `edge`: the caches in front, as readEdgeSettings reads them from SVC_PURGE and SVC_CACHE_TAGS.
 */
export async function startTestServer(root: string, options: { clock?: Clock; baseUrl?: string; rateLimits?: RateLimitsSetting; edge?: EdgeSettings } = {}): Promise<TestServer> {
  const config = { root, dataDir: join(root, 'data'), host: '127.0.0.1', port: 0, baseUrl: options.baseUrl ?? 'http://127.0.0.1:0', trustProxy: false, rateLimits: options.rateLimits ?? true };
  const deps = await buildDeps(config, options.clock ?? systemClock);
  const server = createHttpServer(buildRouter(deps, options.edge), { trustProxy: false, log: deps.log });
  const apiProblems = watchApiAnswers(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!options.baseUrl) config.baseUrl = url;
  return {
    url,
    deps,
    server,
    close: async () => {
      // After a write of the kept index under way: the test may remove the site next.
      await deps.content.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        // Every Content API answer of the test conformed to the OpenAPI document (api-answer-watch.ts).
        server.close(() => (apiProblems().length === 0 ? resolve() : reject(new Error(`Content API answers that do not conform to openapi.json:\n${apiProblems().join('\n')}`))));
      });
    },
  };
}
