// The beacon script run in a small stand-in for a browser (node:vm): what it sends, and that it stores nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInNewContext } from 'node:vm';
import { beaconScript, beaconScriptTag } from '../../src/site/beacon.js';

function browser(options: { webdriver?: boolean } = {}) {
  const sent: { url: string; body: any }[] = [];
  const listeners: Record<string, ((event?: unknown) => void)[]> = {};
  const on = (target: string) => (type: string, fn: (event?: unknown) => void) => { (listeners[`${target}:${type}`] ??= []).push(fn); };
  let now = 1_000_000;
  const document = {
    visibilityState: 'visible', referrer: 'https://www.google.com/', currentScript: { getAttribute: (name: string) => (name === 'data-collect' ? '/blog/svc/collect' : null) },
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
    location: { pathname: '/hello', search: '?utm_source=mastodon' },
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
  b.fire('document:click', { target: { closest: () => ({ getAttribute: () => 'download' }) } });
  b.fire('document:click', { target: { closest: () => null } });
  assert.deepEqual(b.sent.slice(1).map((s) => s.body), [{ t: 'ev', n: 'signup', p: '/hello?utm_source=mastodon' }, { t: 'ev', n: 'download', p: '/hello?utm_source=mastodon' }]);
});

test('automated browsers send nothing', () => {
  assert.equal(browser({ webdriver: true }).sent.length, 0);
});

test('the tag points at the script and the collect address under the base path', () => {
  assert.equal(beaconScriptTag(), '<script defer src="/svc/beacon.js" data-collect="/svc/collect"></script>');
  assert.equal(beaconScriptTag('/blog/'), '<script defer src="/blog/svc/beacon.js" data-collect="/blog/svc/collect"></script>');
});
