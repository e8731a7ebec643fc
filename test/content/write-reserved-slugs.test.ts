// The site answers some top-level addresses itself: /search (and /<language>/search), /llms/…, /media/…,
// /svc/…, /tag. A post or top-level page there would hide that page (or be hidden by it), so such a slug is
// refused with why, a generated one goes to the next free name, and a type's folder cannot be `search`.
// Over the real server, with real files: /search stays the search page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSiteConfig } from '../../dist/content/settings/site-config.js';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;

before(async () => {
  ({ site, http, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

const admin = (tool: string, args: Record<string, unknown>) => callTool(site, http.url, site.tokens.admin!, tool, args);
const SEARCH_FORM = /<form role="search" method="get" action="\/search"/;

for (const [slug, language, why] of [
  ['search', 'en', /^The slug search is reserved: the site's search page is at \/search \(and \/<language>\/search\); choose another\.$/],
  ['search', 'de', /^The slug search is reserved: the site's search page is at \/search/],
  ['llms', 'en', /^The slug llms is reserved: the lists for assistants are at \/llms\/<language>\/<type>\.txt; choose another\.$/],
  ['stats', 'en', /^The slug stats is reserved: /],
] as const) {
  test(`content_update refuses the slug ${slug} in ${language}, saying why, and changes nothing`, async () => {
    const file = join(site.root, 'content/posts/hello', `${language}.md`);
    const before = readFileSync(file, 'utf8');
    const result = await admin('content_update', { id: 'posts/hello', language, fields: { slug } });
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, why);
    assert.equal(readFileSync(file, 'utf8'), before);
  });
}

test('the panel refuses a new entry typed with the slug search, saying why; nothing is written', async () => {
  const page = await get(panel, '/svc/panel/entries/new?type=page', ann);
  const refused = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(page.text), type: 'page', title: 'Find', language: 'en', slug: 'search' }, ann);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /The slug &quot;search&quot; is reserved: the site&#39;s search page is at \/search \(and \/&lt;language&gt;\/search\); choose another one, or leave it empty for a free one\./);
  assert.equal(existsSync(join(site.root, 'content/pages/search')), false);
});

test('content_create gives a post titled Search the next free slug, and /search stays the search page', async () => {
  const created = await admin('content_create', { title: 'Search' });
  assert.equal(created.structuredContent.id, 'posts/search-2');
  const given = await admin('content_create', { title: 'Lists', fields: { slug: 'llms' } });
  assert.equal(given.structuredContent.id, 'posts/llms-2');
  assert.equal((await admin('content_publish', { id: 'posts/search-2' })).isError, undefined);
  const search = await fetch(`${panel.url}/search?q=alps`);
  assert.equal(search.status, 200);
  assert.match(await search.text(), SEARCH_FORM);
  assert.match(await (await fetch(`${panel.url}/search-2`)).text(), /<h1[^>]*>Search<\/h1>/);
});

test('below the root the names are free: a child page may be called search', async () => {
  const child = await admin('content_create', { type: 'page', parent: 'pages/about', title: 'Search', fields: { slug: 'search' } });
  assert.equal(child.structuredContent.id, 'pages/about/search');
});

test('a content type cannot have the folder search: its list would sit behind the search page', () => {
  const settings = { title: 'T', url: 'https://t.example', languages: { en: 'English' }, timezone: 'UTC', types: { finding: { folder: 'search', label: 'Findings' } } };
  assert.throws(() => buildSiteConfig(settings), { message: "content/site.yaml: the folder of type finding cannot be search: the site's search page is at /search (and /<language>/search), which would hide the type's list." });
  assert.equal(buildSiteConfig({ ...settings, types: { finding: { folder: 'findings', label: 'Findings' } } }).types.at(-1)!.folder, 'findings');
});
