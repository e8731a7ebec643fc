// `make interop`, CIMD part: the installation's server in-process, with the one thing dist/server.js cannot
// do — the OAuthService built with the test-only switch that accepts client metadata documents from
// 127.0.0.1. Started by oauth.ts with NODE_EXTRA_CA_CERTS naming the document server's own certificate.
// Usage: node --import tsx test/interop/cimd-server.ts ROOT PORT   (prints "listening" once it is)
import { join } from 'node:path';
import { buildDeps } from '../../dist/wiring/build-deps.js';
import { buildRouter } from '../../dist/wiring/routes.js';
import { createHttpServer } from '../../dist/http/server.js';
import { OAuthService } from '../../dist/oauth/oauth-service.js';

const [root, port] = process.argv.slice(2);
const config = { root: root!, dataDir: join(root!, 'data'), host: '127.0.0.1', port: Number(port), baseUrl: `http://127.0.0.1:${port}`, trustProxy: false, rateLimits: true };
const deps = await buildDeps(config);
deps.oauth = new OAuthService({ dataDir: config.dataDir, config, clock: Date.now, log: deps.log, people: deps.auth, allowLoopbackClientDocuments: true });
const server = createHttpServer(buildRouter(deps), { trustProxy: false, log: deps.log });
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
