// The sitemap in pages: a small site has every address at /sitemap.xml; past the page size it becomes a
// sitemap index naming `?page=<n>` pages which, read in order, hold exactly the same addresses.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

test('a site of many languages gets fewer URLs a page, each page some 10 MB at most, read in order the same addresses', () => {
  // 1,500 languages by hand: every list address names 1,500 alternates (one string too long for V8 before).
  const many = createFixtureSite();
  const yamlFile = join(many, 'content', 'site.yaml');
  const codes = Array.from({ length: 1500 }, (_, n) => `qa-x${n.toString(36).padStart(3, '0')}`);
  writeFileSync(yamlFile, readFileSync(yamlFile, 'utf8').replace(/^languages: \{ /m, `languages: { ${codes.map((code) => `${code}: L ${code}, `).join('')}`));
  const big = new ContentStore({ root: many, clock: Date.now, log: () => {} });
  after(() => big.close());
  assert.equal(Object.keys(big.site().languages).length, 1502);
  const index = renderSitemap(big, null)!;
  const pages = [...index.matchAll(/\?page=(\d+)<\/loc>/g)].map((match) => Number(match[1]));
  assert.ok(pages.length > 1, 'an index');
  let urls = 0;
  for (const page of [1, pages.length]) {
    const xml = renderSitemap(big, page)!;
    assert.ok(xml.length < 12 * 1024 * 1024, `page ${page}: ${xml.length} characters`);
    const count = urlsOf(xml).length;
    assert.ok(count > 0 && count <= Math.floor(100_000 / 1502), `page ${page} has ${count} URLs`);
    urls += count;
  }
  assert.ok(urls > 0);
  assert.equal(renderSitemap(big, pages.length + 1), null);
});
