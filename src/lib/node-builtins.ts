// node:http's exports, taken without an ES import of node:http. An ES import builds the module's namespace
// by reading every export once, and node:http's WebSocket, CloseEvent and MessageEvent exports are getters
// that load Node's fetch (undici) when read, for exports svc never uses: 13 MB more resident memory in a
// bare server on Node 24 (57.7 MB against 44.4), 3-7 MB in svc's (at 10,000 posts, idle after its first
// answers: 121-123 MB against 124-130), which loads some of the same parts anyway. Its types come by
// `import type`, which leaves no import behind.
import type * as Http from 'node:http';

export const nodeHttp: typeof Http = process.getBuiltinModule('node:http');
