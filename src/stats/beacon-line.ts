// What one beacon request says, as the line it becomes in the day log: the page, the visitor's keyed hash
// (salt-store.ts), and for a page view the source, campaign, country, language, device, browser and OS
// worked out from the request (traffic-source.ts, country.ts, device.ts, user-agent.ts). Bots are told
// apart before (beacon-payload.ts's dropReason), and never get this far.
import { AppError } from '../errors.js';
import type { RawLine, EventLine, PageviewLine } from './store/stats-store.js';
import { visitorHash } from './salt-store.js';
import { parseBeaconPayload } from './beacon-payload.js';
import { parseUserAgent } from './user-agent.js';
import { deriveCountry, normalizeLanguage } from './country.js';
import { deriveDevice } from './device.js';
import { cleanPath, deriveSource } from './traffic-source.js';

export type RequestHeaders = Record<string, string | string[] | undefined>;

export const header = (headers: RequestHeaders, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

export interface BeaconRequest { body: string; headers: RequestHeaders; ip: string }

/**
 * The day-log line of a beacon sent at `t`; `salt` is the day's, `siteHosts` the site's own host names (the
 * first keys the visitor hash). Throws AppError('bad_request') for a body that is not a beacon's.
 */
export function beaconLine({ body, headers, ip }: BeaconRequest, t: number, salt: Buffer, siteHosts: readonly string[]): RawLine {
  const payload = parseBeaconPayload(body);
  const path = cleanPath(payload.path);
  if (!path) throw new AppError('bad_request', 'The field p must be the page path, starting with /.');
  const ua = header(headers, 'user-agent');
  const hosts = [...siteHosts];
  const v = visitorHash(salt, ip, ua, hosts[0] ?? '');
  // The host the browser addressed is the site too (a base URL set to another name must not make every
  // step from page to page look like a referral).
  const addressed = header(headers, 'host').toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '');
  if (addressed && !hosts.includes(addressed)) hosts.push(addressed);
  if (payload.kind === 'en') return { k: 'en', t, v, p: path, e: payload.engagedMs, sc: payload.scroll };
  if (payload.kind === 'ev') {
    const line: EventLine = { k: 'ev', t, v, p: path, n: payload.name };
    if (Object.keys(payload.props).length > 0) line.pr = { ...payload.props };
    if (payload.refused.length > 0) line.rf = payload.refused;
    return line;
  }
  const source = deriveSource(payload.path, payload.referrer, hosts);
  const agent = parseUserAgent(ua);
  const line: PageviewLine = {
    k: 'pv', t, v, p: path, s: source.source, c: source.campaign, f: source.internalFrom,
    co: deriveCountry(headers, payload.timeZone),
    l: normalizeLanguage(payload.language ?? header(headers, 'accept-language')),
    d: deriveDevice(header(headers, 'sec-ch-ua-mobile') || undefined, payload.width),
    b: agent.browser, o: agent.os,
  };
  return line;
}
