// Stopping the HTTP server without cutting an answer short: no new connection is accepted, the requests in
// progress are answered, and every connection is closed as soon as it has nothing left to answer.
import type { Server } from 'node:http';

/** How often, while draining, connections that have just answered their last request are closed. */
const SWEEP_MS = 50;

/**
 * Stops accepting and waits until every connection has closed, at most `drainMs`; then closes the rest.
 * Resolves true when all requests in progress were answered in time. Idle keep-alive connections are closed at
 * once; one that answers a request during the drain says `Connection: close` when its answer has not started,
 * or is closed within SWEEP_MS of its answer otherwise (Node keeps it open for the next request).
 */
export function closeGracefully(server: Server, drainMs: number): Promise<boolean> {
  // Before the handlers: a request that still comes on an open connection is its last.
  server.prependListener('request', (_req, res) => {
    res.shouldKeepAlive = false;
  });
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const deadline = setTimeout(() => {
      clearInterval(sweep);
      server.closeAllConnections();
      resolve(false);
    }, drainMs);
    // Also closes the connections idle now.
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(true);
    });
  });
}
