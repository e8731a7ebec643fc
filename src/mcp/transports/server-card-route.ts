// `GET /.well-known/mcp/server-card.json` (and `/.well-known/mcp/server-card`, the address SEP-2127 names):
// the server card (server-card.ts) for anyone, from any origin (CORS, as the SEP requires), public for an
// hour, under a strong ETag so a client or cache asking again with If-None-Match gets 304. The card is made
// again only when what it says changes (the public address, the site's title or description).
import type { Router, RequestContext } from '../../http/router.js';
import { sendEmpty } from '../../http/respond.js';
import { atCanonicalAddress, ANY_ORIGIN } from '../../http/canonical-address.js';
import { sendTagged, taggedBody, type TaggedBody } from '../../http/etag.js';
import type { McpDeps } from '../mcp-deps.js';
import type { McpRegistry } from '../mcp-methods.js';
import { serverCardMaker } from './server-card.js';

export const SERVER_CARD_PATHS = ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card'] as const;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, If-None-Match',
  'access-control-expose-headers': 'ETag',
};
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' };

export function registerServerCard(router: Router, deps: Pick<McpDeps, 'config' | 'content'>, registry: McpRegistry): void {
  const make = serverCardMaker(registry);
  let kept: { key: string; body: Promise<TaggedBody> } | null = null;

  const card = (): Promise<TaggedBody> => {
    const site = deps.content.site();
    const facts = { title: site.title, description: site.description };
    // The address is read per request: a server on port 0 learns its own only once it listens.
    const baseUrl = deps.config.baseUrl;
    const key = JSON.stringify([baseUrl, facts]);
    if (kept?.key !== key) {
      const body = make(baseUrl, facts).then((value) => taggedBody(`${JSON.stringify(value, null, 2)}\n`));
      const mine = { key, body };
      // A card that could not be made is tried again by the next request, not kept.
      body.catch(() => { if (kept === mine) kept = null; });
      kept = mine;
    }
    return kept.body;
  };

  const send = async ({ res }: RequestContext) => {
    const body = await card();
    // Set before the answer is chosen, so a 304 carries them too.
    for (const [name, value] of Object.entries(CORS)) res.setHeader(name, value);
    sendTagged(res, body, HEADERS);
  };

  // At its one address only (http/canonical-address.ts): public and kept by caches for an hour.
  const atOneAddress = atCanonicalAddress(send, ANY_ORIGIN);
  for (const path of SERVER_CARD_PATHS) {
    router.get(path, atOneAddress);
    router.add('OPTIONS', path, ({ res }) => sendEmpty(res, 204, { ...CORS, 'access-control-max-age': '86400' }));
  }
}
