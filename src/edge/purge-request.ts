// Sends one purge to one target, as each documents it:
// - Varnish (deploy/varnish/svc.vcl): `PURGE /` with the keys, space-separated, in `xkey-purge`;
// - Fastly: `POST /service/<id>/purge` with `Fastly-Key` and `{"surrogate_keys": [...]}`, up to 256 keys;
// - Cloudflare: `POST /zones/<zone>/purge_cache` with `Authorization: Bearer` and `{"tags": [...]}`, up to
//   30 tags; its answer says `"success": true`;
// - a plain URL: `POST` of `{"tags": [...], "urls": [...]}` (the absolute addresses the change touched).
// Resolves when every request was accepted, rejects with a sentence (never the token) otherwise.
import { nodeHttp } from '../lib/node-builtins.js';
import { request as httpsRequest } from 'node:https';
import type { PurgeTarget } from './edge-settings.js';

/** A purge may take this long; then it failed and is tried again later. */
export const PURGE_TIMEOUT_MS = 10_000;
const CHUNK: Record<PurgeTarget['kind'], number> = { varnish: 200, fastly: 256, cloudflare: 30, url: 500 };
/**
 * Most bytes of one `xkey-purge` value: Varnish answers 400 to a request whose header line is over
 * http_req_hdr_len (8 KB by default), and 200 tags of a long-named site's entries are over it. A batch it
 * always refuses held every purge after it back for good (the cursor waits for it).
 */
export const VARNISH_KEYS_BYTES = 6 * 1024;
/** Of an answer, only this much is read (Cloudflare's verdict). */
const ANSWER_BYTES = 64 * 1024;

export interface Purge { tags: string[]; urls: string[] }

export async function sendPurge(target: PurgeTarget, purge: Purge): Promise<void> {
  const batches = batchesOf(purge.tags, CHUNK[target.kind], target.kind === 'varnish' ? VARNISH_KEYS_BYTES : Infinity);
  // A plain URL is told of the addresses even when no tag changed.
  if (batches.length === 0 && target.kind === 'url' && purge.urls.length > 0) batches.push([]);
  for (const [at, tags] of batches.entries()) await sendOne(target, tags, at === 0 ? purge.urls : []);
}

/** `tags` in order, in batches of at most `count` tags that take at most `bytes` joined by spaces (one more tag past it alone). */
export function batchesOf(tags: readonly string[], count: number, bytes: number): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let size = 0;
  for (const tag of tags) {
    const length = Buffer.byteLength(tag);
    if (batch.length > 0 && (batch.length === count || size + 1 + length > bytes)) {
      batches.push(batch);
      batch = [];
    }
    size = batch.length === 0 ? length : size + 1 + length;
    batch.push(tag);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function sendOne(target: PurgeTarget, tags: string[], urls: string[]): Promise<void> {
  switch (target.kind) {
    case 'varnish': {
      const answer = await send(new URL('/', target.where), 'PURGE', { 'xkey-purge': tags.join(' ') }, null);
      if (answer.status !== 200) throw new Error(`Varnish answered ${answer.status}`);
      return;
    }
    case 'fastly': {
      const address = new URL(`${target.api}/service/${encodeURIComponent(target.where)}/purge`);
      const answer = await send(address, 'POST', { 'fastly-key': target.secret!, accept: 'application/json', 'content-type': 'application/json' }, JSON.stringify({ surrogate_keys: tags }));
      if (answer.status !== 200) throw new Error(`Fastly answered ${answer.status}${answer.status === 401 || answer.status === 403 ? ' (is SVC_FASTLY_KEY right?)' : ''}`);
      return;
    }
    case 'cloudflare': {
      const address = new URL(`${target.api}/zones/${encodeURIComponent(target.where)}/purge_cache`);
      const answer = await send(address, 'POST', { authorization: `Bearer ${target.secret!}`, 'content-type': 'application/json' }, JSON.stringify({ tags }));
      let success = false;
      try { success = (JSON.parse(answer.text) as { success?: unknown }).success === true; } catch { /* not JSON */ }
      if (answer.status !== 200 || !success) throw new Error(`Cloudflare answered ${answer.status}${answer.status === 401 || answer.status === 403 ? ' (is SVC_CLOUDFLARE_TOKEN right?)' : ''}`);
      return;
    }
    case 'url': {
      const answer = await send(new URL(target.where), 'POST', { 'content-type': 'application/json' }, JSON.stringify({ tags, urls }));
      if (answer.status < 200 || answer.status > 299) throw new Error(`${new URL(target.where).host} answered ${answer.status}`);
    }
  }
}

function send(url: URL, method: string, headers: Record<string, string>, body: string | null): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : nodeHttp().request)(url, {
      method, agent: false,
      headers: { ...headers, 'user-agent': 'svc (cache purge)', ...(body === null ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => { if (size < ANSWER_BYTES) { chunks.push(chunk); size += chunk.length; } });
      response.on('end', () => { clearTimeout(timer); resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }); });
      response.on('error', () => { clearTimeout(timer); reject(new Error(`${url.host} broke off its answer`)); });
    });
    const timer = setTimeout(() => { request.destroy(); reject(new Error(`${url.host} did not answer within ${PURGE_TIMEOUT_MS / 1000} s`)); }, PURGE_TIMEOUT_MS);
    request.on('error', (error: NodeJS.ErrnoException) => { clearTimeout(timer); reject(new Error(`${url.host} could not be reached (${error.code ?? error.message})`)); });
    request.end(body ?? undefined);
  });
}
