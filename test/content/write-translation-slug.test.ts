// A translation's own slug changes its address: it may not take another entry's address or a reserved one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let id: string;

before(async () => {
  ({ site, http } = served = await serveTestSite());
  const created = await callTool(site, http.url, site.tokens.admin!, 'content_create', { title: 'Slug test' });
  id = created.structuredContent.id;
});
after(() => served.close());

for (const [slug, sentence] of [
  ['hike-day', /^The address \/hike-day is already used by posts\/hike-day; choose another slug\.$/],
  ['svc', /^The slug svc is reserved/],
  ['media', /^The slug media is reserved/],
  ['de', /^The slug de is reserved/],
] as const) {
  test(`content_update refuses the slug ${slug} and changes nothing`, async () => {
    const before = readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8');
    const result = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id, fields: { slug } });
    assert.equal(result.isError, true);
    assert.match(result.content[0].text, sentence);
    assert.equal(readFileSync(join(site.root, 'content', id, 'en.md'), 'utf8'), before);
  });
}

test('a free slug is taken and gives the new address', async () => {
  const result = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id, fields: { slug: 'a-free-address' } });
  assert.equal(result.isError, undefined);
  assert.match(result.structuredContent.url, /\/a-free-address$/);
});

test('a publish time skipped by the clocks jumping forward is refused, nothing changes', async () => {
  const created = await callTool(site, http.url, site.tokens.admin!, 'content_create', { title: 'Gap test' });
  const result = await callTool(site, http.url, site.tokens.admin!, 'content_publish', { id: created.structuredContent.id, at: '2027-03-28 02:30' });
  assert.equal(result.isError, true);
  assert.match(result.content[0].text, /at "2027-03-28 02:30" does not exist in Europe\/Berlin: the clocks jump forward over it\./);
  assert.match(readFileSync(join(site.root, 'content', created.structuredContent.id, 'en.md'), 'utf8'), /^status: draft$/m);
});
