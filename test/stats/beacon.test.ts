// The beacon script run in a small stand-in for a browser (node:vm): what it sends, and that it stores nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { beaconScript, beaconScriptTag } from '../../dist/site/beacon.js';

function browser(options: { webdriver?: boolean; track?: string[] } = {}) {
  const sent: { url: string; body: any }[] = [];
  const listeners: Record<string, ((event?: unknown) => void)[]> = {};
  const on = (target: string) => (type: string, fn: (event?: unknown) => void) => { (listeners[`${target}:${type}`] ??= []).push(fn); };
  let now = 1_000_000;
  const document = {
    visibilityState: 'visible', referrer: 'https://www.google.com/', currentScript: { getAttribute: (name: string) => (name === 'data-collect' ? '/blog/svc/collect' : null), hasAttribute: (name: string) => (options.track ?? []).includes(name) },
    hasFocus: () => true, addEventListener: on('document'),
    documentElement: { scrollTop: 0, clientHeight: 800, scrollHeight: 4000 }, body: { scrollTop: 0, scrollHeight: 4000 },
    get cookie(): string { throw new Error('the beacon read document.cookie'); },
    set cookie(_v: string) { throw new Error('the beacon wrote document.cookie'); },
  };
  const forbidden = { get() { throw new Error('the beacon touched storage'); } };
  const window: any = { innerWidth: 390, addEventListener: on('window') };
  Object.defineProperty(window, 'localStorage', forbidden);
  Object.defineProperty(window, 'sessionStorage', forbidden);
  const context = {
    document, window, navigator: { webdriver: options.webdriver ?? false, language: 'de-AT', sendBeacon: (url: string, body: string) => { sent.push({ url, body: JSON.parse(body) }); return true; } },
    location: { pathname: '/hello', search: '?utm_source=mastodon', host: 'alps.example' },
    Intl, JSON, Math, String, Date: { now: () => now },
  };
  runInNewContext(beaconScript(), context);
  return {
    sent, window, document,
    advance: (ms: number) => { now += ms; },
    fire: (key: string, event?: unknown) => { for (const fn of listeners[key] ?? []) fn(event); },
  };
}

test('the beacon sends a page view with path, referrer, width, time zone and language', () => {
  const b = browser();
  assert.equal(b.sent.length, 1);
  assert.equal(b.sent[0]!.url, '/blog/svc/collect');
  assert.deepEqual(b.sent[0]!.body, { t: 'pv', r: 'https://www.google.com/', w: 390, z: Intl.DateTimeFormat().resolvedOptions().timeZone, l: 'de-AT', p: '/hello?utm_source=mastodon' });
});

test('when the page is hidden it sends the engaged milliseconds and the deepest scroll, once per change', () => {
  const b = browser();
  b.advance(40_000);
  b.document.documentElement.scrollTop = 2400;
  b.fire('window:scroll');
  b.document.visibilityState = 'hidden';
  b.fire('document:visibilitychange');
  b.fire('window:pagehide');
  assert.deepEqual(b.sent.slice(1).map((s) => s.body), [{ t: 'en', e: 40_000, s: 80, p: '/hello?utm_source=mastodon' }]);
  // Back again: only the new time counts; time while blurred does not.
  b.document.visibilityState = 'visible';
  b.fire('document:visibilitychange');
  b.advance(5_000);
  b.fire('window:blur');
  b.advance(60_000);
  b.fire('window:pagehide');
  assert.deepEqual(b.sent.slice(2).map((s) => s.body), [{ t: 'en', e: 5_000, s: 80, p: '/hello?utm_source=mastodon' }]);
});

test('custom events by name, from script or a data-svc-event element', () => {
  const b = browser();
  b.window.svc.event('signup');
  b.fire('document:click', clicked({ event: 'download' }));
  b.fire('document:click', { target: { closest: () => null } });
  assert.deepEqual(b.sent.slice(1).map((s) => s.body), [{ t: 'ev', n: 'signup', p: '/hello?utm_source=mastodon' }, { t: 'ev', n: 'download', p: '/hello?utm_source=mastodon' }]);
});

/** A clicked element: `closest` answers for the selectors the element (or its link) would match. */
function clicked(element: { event?: string; props?: Record<string, string>; href?: string }) {
  const attributes = Object.entries(element.props ?? {}).map(([name, value]) => ({ name: `data-svc-prop-${name}`, value }));
  const link = element.href ? new URL(element.href) : null;
  const node = { getAttribute: () => element.event, attributes: [{ name: 'class', value: 'x' }, ...attributes], protocol: link?.protocol, host: link?.host, pathname: link?.pathname };
  return { target: { closest: (selector: string) => (selector === '[data-svc-event]' ? (element.event ? node : null) : link ? node : null) } };
}

test('svc.track sends custom properties; a data-svc-event element sends its data-svc-prop-* attributes', () => {
  const b = browser();
  b.window.svc.track('signup', { plan: 'pro', seats: 3 });
  b.fire('document:click', clicked({ event: 'cta', props: { place: 'header', variant: 'b' } }));
  b.window.svc.track('plain', 'not an object');
  assert.deepEqual(b.sent.slice(1).map((s) => s.body), [
    { t: 'ev', n: 'signup', pr: { plan: 'pro', seats: 3 }, p: '/hello?utm_source=mastodon' },
    { t: 'ev', n: 'cta', pr: { place: 'header', variant: 'b' }, p: '/hello?utm_source=mastodon' },
    { t: 'ev', n: 'plain', p: '/hello?utm_source=mastodon' },
  ]);
});

test('outbound links and downloads are sent only when the tag switches them on, without the query', () => {
  const off = browser();
  off.fire('document:click', clicked({ href: 'https://other.example/page?token=secret' }));
  off.fire('document:click', clicked({ href: 'https://alps.example/files/map.pdf' }));
  assert.equal(off.sent.length, 1);
  const on = browser({ track: ['data-outbound', 'data-downloads'] });
  on.fire('document:click', clicked({ href: 'https://other.example/page?token=secret' }));
  on.fire('document:click', clicked({ href: 'https://alps.example/files/map.pdf?x=1' }));
  on.fire('document:click', clicked({ href: 'https://alps.example/about' }));
  on.fire('document:click', clicked({ href: 'mailto:someone@example.org' }));
  assert.deepEqual(on.sent.slice(1).map((s) => s.body), [
    { t: 'ev', n: 'Outbound Link: Click', pr: { url: 'https://other.example/page' }, p: '/hello?utm_source=mastodon' },
    { t: 'ev', n: 'File Download', pr: { url: 'https://alps.example/files/map.pdf' }, p: '/hello?utm_source=mastodon' },
  ]);
  assert.equal(beaconScriptTag('', { outbound: true, downloads: true }), '<script defer src="/svc/beacon.js" data-collect="/svc/collect" data-outbound data-downloads></script>');
});

test('automated browsers send nothing', () => {
  assert.equal(browser({ webdriver: true }).sent.length, 0);
});

test('the tag points at the script and the collect address under the base path', () => {
  assert.equal(beaconScriptTag(), '<script defer src="/svc/beacon.js" data-collect="/svc/collect"></script>');
  assert.equal(beaconScriptTag('/blog/'), '<script defer src="/blog/svc/beacon.js" data-collect="/blog/svc/collect"></script>');
});
