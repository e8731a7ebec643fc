// The built-ins taken without an ES import. An ES import of a built-in builds the module's namespace by
// reading every export once, and some exports are getters that load code when read, for exports svc never
// uses. Their types come by `import type`, which leaves no import behind; every other built-in is imported.
// - node:http: its WebSocket, CloseEvent and MessageEvent getters load Node's fetch (undici): 13 MB more
//   resident memory in a bare server on Node 24 (57.7 MB against 44.4), 3-7 MB in svc's (at 10,000 posts,
//   idle after its first answers: 121-123 MB against 124-130), which loads some of the same parts anyway.
//   It is taken when first asked for (nodeHttp()), not as this file loads: the stdio server imports this file
//   for crypto and util and never serves HTTP, and loading node:http took some 4.5 ms of its first answer.
// - node:util and node:crypto: util's getters load worker threads, the diff and the colours, crypto's the
//   Web Crypto API. The stdio server's first answer needs none of them (it starts no thread); they were 6-7
//   ms of the 57-63 ms it takes to load its modules (Node 24, 2 cores, medians of 30 starts in turn with
//   the ES imports), in an answer whose budget is half the SDK-based peer's (mcp.bench.ts).
import type * as Crypto from 'node:crypto';
import type * as Http from 'node:http';
import type * as Util from 'node:util';

/** node:http (Node keeps the module once loaded, so each call after the first is a lookup). */
export function nodeHttp(): typeof Http {
  return process.getBuiltinModule('node:http');
}

const crypto: typeof Crypto = process.getBuiltinModule('node:crypto');
export const { createHash, createHmac, hash, randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } = crypto;

const util: typeof Util = process.getBuiltinModule('node:util');
export const { debuglog, parseArgs, promisify } = util;
