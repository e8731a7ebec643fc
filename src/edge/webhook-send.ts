// One webhook delivery attempt: a POST of the signed message to the endpoint, reaching only public
// addresses, checked on the address actually connected to (lib/public-address.ts), following no redirect,
// ending after 10 s whatever the endpoint does (hangs, answers byte by byte), and reading no more than the
// first bytes of its answer (an endpoint answering 50 MB costs nothing).
import { nodeHttp } from '../lib/node-builtins.js';
import { request as httpsRequest } from 'node:https';
import { publicOnlyLookup, RefusedAddress } from '../lib/public-address.js';
import { refuseEndpointUrl } from './webhook-endpoints.js';
import { ANSWER_KEPT_BYTES } from './webhook-queue.js';

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryOutcome {
  /** 2xx: delivered. */
  ok: boolean;
  /** The status the endpoint answered, or null when it did not answer. */
  status: number | null;
  /** The first bytes of the answer, or what went wrong. */
  note: string;
}

export function sendWebhook(url: string, headers: Record<string, string>, body: string, allowLoopback: boolean, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<DeliveryOutcome> {
  const refusal = refuseEndpointUrl(url, allowLoopback);
  if (refusal) return Promise.resolve({ ok: false, status: null, note: refusal });
  const address = new URL(url);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = (address.protocol === 'https:' ? httpsRequest : nodeHttp().request)(address, {
      method: 'POST', agent: false, lookup: publicOnlyLookup(allowLoopback),
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'svc (webhooks)' },
    }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) return finish({ ok: false, status, note: `a redirect (to ${String(response.headers.location ?? 'nowhere').slice(0, 200)}), which is not followed` });
      const kept: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < ANSWER_KEPT_BYTES) kept.push(chunk.subarray(0, ANSWER_KEPT_BYTES - size));
        size += chunk.length;
        // Enough is known: the rest of a large answer is not read.
        if (size >= ANSWER_KEPT_BYTES) finish({ ok: status >= 200 && status < 300, status, note: Buffer.concat(kept).toString('utf8') });
      });
      response.on('end', () => finish({ ok: status >= 200 && status < 300, status, note: Buffer.concat(kept).toString('utf8') }));
      response.on('error', () => finish({ ok: false, status, note: 'the answer broke off' }));
    });
    const timer = setTimeout(() => finish({ ok: false, status: null, note: `no whole answer within ${timeoutMs / 1000} s` }), timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => finish({
      ok: false, status: null, note: error instanceof RefusedAddress ? 'its host resolves to an address that is not public' : `could not be reached (${error.code ?? 'error'})`,
    }));
    request.end(body);
  });
}
