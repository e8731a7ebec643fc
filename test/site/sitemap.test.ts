// The sitemap in pages: a small site has every address at /sitemap.xml; past the page size it becomes a
// sitemap index naming `?page=<n>` pages which, read in order, hold exactly the same addresses.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { ContentStore } from '../../dist/content/store.js';
import { renderSitemap } from '../../dist/site/sitemap.js';

const root = createFixtureSite();
const store = new ContentStore({ root, clock: Date.now, log: () => {} });
const urlsOf = (xml: string | null) => [...(xml ?? '').matchAll(/<url>.*?<\/url>/g)].map((match) => match[0]);

test('pages of a sitemap hold, in order, exactly the addresses of the whole one', () => {
  const whole = urlsOf(renderSitemap(store, null, 1000));
  assert.ok(whole.length > 7, `the fixture has ${whole.length} addresses`);
  assert.ok(whole.some((url) => url.includes('/de/hallo-welt</loc>') && url.includes('hreflang="en"')));
  const perPage = 3;
  const index = renderSitemap(store, null, perPage)!;
  assert.match(index, /^<\?xml version="1.0" encoding="utf-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const pages = [...index.matchAll(/<loc>[^<]*\/sitemap\.xml\?page=(\d+)<\/loc>/g)].map((match) => Number(match[1]));
  assert.deepEqual(pages, Array.from({ length: Math.ceil(whole.length / perPage) }, (_, n) => n + 1));
  const joined = pages.flatMap((page) => {
    const urls = urlsOf(renderSitemap(store, page, perPage));
    assert.ok(urls.length > 0 && urls.length <= perPage, `page ${page} has ${urls.length}`);
    return urls;
  });
  assert.deepEqual(joined, whole);
  assert.equal(renderSitemap(store, pages.length + 1, perPage), null, 'past the last page');
  assert.equal(renderSitemap(store, 1, 1000), null, 'a site on one page has no numbered pages');
});

test('over HTTP a page number that is not one is 404, and the sitemap is kept with its ETag', async () => {
  const server = await startTestServer(root);
  after(() => server.close());
  for (const query of ['?page=1', '?page=0', '?page=abc', '?page=-1', '?page=1e3']) {
    assert.equal((await fetch(`${server.url}/sitemap.xml${query}`)).status, 404, query);
  }
  const first = await fetch(`${server.url}/sitemap.xml`);
  assert.equal(first.status, 200);
  assert.match(await first.text(), /<urlset /);
  const again = await fetch(`${server.url}/sitemap.xml`, { headers: { 'if-none-match': first.headers.get('etag')! } });
  assert.equal(again.status, 304);
});
