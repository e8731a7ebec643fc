// The project's MCP endpoint for the bench, from dist/: the same registerMcpRoutes handler, dispatcher and
// tools as `node dist/server.js`, with the per-person limit raised so the bench measures answers, not 429s
// (the token bucket is still taken on every request). Usage: node svc-mcp-server.mjs ROOT PORT
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { loadConfig } from '../../dist/config.js';
import { Router } from '../../dist/http/router.js';
import { createHttpServer } from '../../dist/http/server.js';
import { registerMcpRoutes } from '../../dist/mcp/transports/http.js';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';

const [root, port] = process.argv.slice(2);
const deps = await buildDeps(loadConfig([`--root=${root}`, `--port=${port}`], {}));
const router = new Router();
registerMcpRoutes(router, deps, defaultRegistry(), { requestsPerMinute: 1_000_000_000 });
createHttpServer(router, { trustProxy: false, log: deps.log }).listen(Number(port), '127.0.0.1');
