// Sends the steps of test/helpers/traffic-script.ts to a running server as they would arrive: a browser's
// page request and then its beacon (User-Agent, Referer, Accept-Language, Sec-Fetch-*), consent decisions
// from the banner's script, AI crawlers fetching pages, and bots at the collect address.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { VISITORS, SITE, type Step } from './traffic-script.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** One request with exactly these headers (fetch would add or drop some a browser sends). */
function send(base: string, method: string, path: string, headers: Record<string, string>, body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); });
    req.on('error', reject);
    req.end(body);
  });
}

/** What a browser's beacon request carries: sendBeacon's text body, no-cors, from the page it was sent on. */
function beacon(base: string, who: string, page: string, body: object, extra: Record<string, string> = {}): Promise<number> {
  const v = VISITORS[who]!;
  return send(base, 'POST', '/svc/collect', {
    'user-agent': v.ua, 'accept-language': v.acceptLanguage, 'content-type': 'text/plain;charset=UTF-8', origin: base, referer: base + page,
    'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin', ...v.headers, ...extra,
  }, JSON.stringify(body));
}

/**
 * Sends one step of the script at its time (the server's clock is set to it first). `bannerVersion`: the
 * site's current consent banner, which a decision names (the server refuses any other).
 */
export async function playStep(step: Step, base: string, clock: { now: number }, bannerVersion: string): Promise<void> {
  clock.now = Date.parse(step.at);
  const ok = (status: number, expected = 204) => assert.equal(status, expected, `${step.at} ${step.kind}`);
  switch (step.kind) {
    case 'pv': {
      const v = VISITORS[step.who]!;
      const referrer = step.referrer.replace(SITE, base);
      // The browser opens the page (not counted: the beacon is), then its script sends the page view.
      const page = await send(base, 'GET', step.url, { 'user-agent': v.ua, 'accept-language': v.acceptLanguage, accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', ...(referrer ? { referer: referrer } : {}) });
      ok(page, step.brings.path === '/a-missing-page' ? 404 : 200);
      ok(await beacon(base, step.who, step.url, { t: 'pv', p: step.url, r: referrer, w: v.width, ...(v.zone ? { z: v.zone } : {}), l: v.language }));
      return;
    }
    case 'en': return ok(await beacon(base, step.who, step.path, { t: 'en', p: step.path, e: step.ms, s: step.scroll }));
    case 'ev': return ok(await beacon(base, step.who, step.path, { t: 'ev', p: step.path, n: step.name, ...(step.props ? { pr: step.props } : {}) }));
    case 'consent': {
      const v = VISITORS.anna!;
      return ok(await send(base, 'POST', '/svc/consent', { 'user-agent': v.ua, 'content-type': 'application/json', origin: base, 'sec-fetch-mode': 'cors' }, JSON.stringify({ v: bannerVersion, a: step.action, c: step.choices })));
    }
    case 'crawler': return ok(await send(base, 'GET', step.path, { 'user-agent': step.ua, accept: 'text/html' }), 200);
    case 'plain-bot-page': return ok(await send(base, 'GET', step.path, { 'user-agent': GOOGLEBOT }), 200);
    case 'bot': {
      const body = { t: 'pv', p: '/hello', r: '', w: 1280 };
      if (step.how === 'bot_ua') return ok(await beacon(base, 'anna', '/hello', body, { 'user-agent': GOOGLEBOT }));
      if (step.how === 'empty_ua') return ok(await beacon(base, 'anna', '/hello', body, { 'user-agent': '' }));
      if (step.how === 'prefetch') return ok(await beacon(base, 'anna', '/hello', body, { 'sec-purpose': 'prefetch' }));
      return ok(await send(base, 'GET', '/svc/collect', { 'user-agent': VISITORS.anna!.ua, 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }));
    }
  }
}

