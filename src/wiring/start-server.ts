import type { Server } from 'node:http';
import type { Config } from '../config.js';
import type { AppDeps } from './app-deps.js';
import { buildDeps } from './build-deps.js';
import { buildRouter } from './routes.js';
import { createHttpServer } from '../http/server.js';
import { announce } from './announce.js';
import { exitOnStartFailure, listenFailureSentence, StartFailure } from './start-failure.js';
import { describeFileProblem } from '../lib/file-problem.js';
import { keepOldGenerationClose } from '../process-tuning/heap-tuning.js';
import { closeGracefully } from '../http/graceful-close.js';
import { endListeners } from '../mcp/subscriptions/listener-hub.js';
import { stopOnSignals, type Closer } from './stop-on-signals.js';
import { readEdgeSettings, type EdgeSettings } from '../edge/edge-settings.js';
import { startCachePurger } from './start-cache-purger.js';
import { startWebhooks } from './start-webhooks.js';

/** How long a stop waits for the requests in progress to be answered before it closes their connections. */
export const DRAIN_MS = 10_000;

/** How long after the content index is built the heap tuning's one full collection comes (startServer says why). */
const COLLECT_AFTER_BUILD_MS = 200;

export interface RunningServer {
  server: Server;
  deps: AppDeps;
  /** The port actually bound (differs from config.port when that was 0). */
  port: number;
  /** What a signal's stop runs, in order (stop-on-signals.ts); add a closer to have it run too. */
  closers: Closer[];
}

/**
 * Builds the stores, routes and HTTP server for a configuration and listens, exiting the process when the
 * address cannot be bound and stopping gracefully on SIGINT/SIGTERM (stop-on-signals.ts). Used by `node dist/server.js` and
 * `svc serve` / `svc demo`; `deps` may be passed when the caller built them already.
 */
export async function startServer(config: Config, deps?: AppDeps): Promise<RunningServer> {
  let edge: EdgeSettings;
  try {
    edge = readEdgeSettings(process.env);
  } catch (error) {
    return exitOnStartFailure(new StartFailure((error as Error).message));
  }
  const app = deps ?? (await buildDeps(config));
  const server = createHttpServer(buildRouter(app, edge), {
    trustProxy: config.trustProxy, log: app.log, keepAliveTimeoutSeconds: config.keepAliveTimeout, maxConnections: config.maxConnections,
  });
  server.on('error', (error: NodeJS.ErrnoException) => exitOnStartFailure(new StartFailure(listenFailureSentence(error, config.host, config.port))));
  const port = await new Promise<number>((resolve) => {
    server.listen(config.port, config.host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : config.port);
    });
  });
  // With port 0 the derived public address names the port actually bound.
  if (config.port === 0 && config.baseUrl.endsWith(':0')) config.baseUrl = config.baseUrl.slice(0, -1) + String(port);
  announce(app, port);
  // The content index is built now rather than by the first request (from the persisted one, or by reading
  // every file), and only then does the old generation keep close to what is alive (process-tuning/heap-tuning.ts; the
  // entry kept the young generation small before anything was loaded). That takes a full collection (some
  // 20-70 ms at 100,000 entries): a moment later, so the requests that came during the build are answered
  // first (they take a few turns of the event loop), and well before the heap could grow to the old limit.
  setImmediate(() => {
    try { app.content.lists(); } catch (error) { app.log(`svc: building the content index failed: ${(error as Error)?.stack ?? error}`); }
    // This server renders pages with the theme and plugins it read at its start: other ones than the feed
    // last heard of are a change to every page (content/changes/site-parts.ts).
    app.content.changes?.recordSiteParts(config.root);
    setTimeout(() => keepOldGenerationClose(), COLLECT_AFTER_BUILD_MS).unref();
    // A first start that read every file packs its index and gives back the pages the reading took
    // (store.ts settled()) now, not only when a search index build waits for it: with the search index
    // kept (a start after an upgrade, whose code reads the content index anew), nothing else asked, and at
    // 100,000 posts the server stayed at 320-335 MB for good instead of some 210.
    app.content.settled().catch(() => { /* the index is kept a moment later, as after any change */ });
    // Then the search index is opened and followed (built in the background when missing: content/search/),
    // a turn later, so that requests that came meanwhile are answered first.
    setImmediate(() => {
      try { app.content.search.start(); } catch (error) { app.log(`svc: the search index could not be opened: ${(error as Error)?.message ?? error}; searches answer that it is being prepared.`); }
    });
  });
  // Statistics: roll up the days that ended while no server ran, and count today's log once, off the first request's path.
  setImmediate(() => {
    try {
      app.stats.warmUp();
    } catch (error) {
      const reason = describeFileProblem(error) ?? String((error as Error | null)?.message ?? error).split('\n')[0];
      app.log(`svc: the statistics could not catch up (${reason}); the site is served all the same.`);
    }
  });
  // Cache purges from the change feed, sent by one instance at a time (edge/cache-purger.ts).
  const purger = startCachePurger(app, edge);
  // Signed webhooks from the change feed, delivered by one instance at a time (edge/webhook-dispatcher.ts).
  const webhooks = startWebhooks(app);
  // The stop (README "Stopping"): stop accepting and answer the requests in progress, then save what they
  // changed. Every change is in the change feed once its write is answered; what is let go is the finder's
  // lease, so another process records the changes found on disk from now on.
  const closers = stopOnSignals([
    {
      what: 'answering the requests in progress',
      close: async () => {
        // A listen is no answer in progress to wait for: each ends now with its result (mcp/subscriptions/).
        endListeners(app.content);
        if (!(await closeGracefully(server, DRAIN_MS))) app.log(`svc: requests still in progress after ${DRAIN_MS / 1000} s were cut off.`);
      },
    },
    // Today's partial aggregate, so the next start reads only the statistics logged after it.
    { what: 'saving the statistics', close: () => app.stats.close() },
    { what: 'handing on the sending of cache purges', close: () => purger?.stop() },
    { what: 'handing on the delivery of webhooks', close: () => webhooks?.stop() },
    { what: 'handing on the recording of changes found on disk', close: () => app.content.close() },
  ], app.log);
  return { server, deps: app, port, closers };
}
