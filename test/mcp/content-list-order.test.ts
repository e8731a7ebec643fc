// content_list is "Entries of one type, newest first" (the spec), a date category's too: its own list is
// ordered by the events' start (for the Content API's upcoming events, soonest first), which MCP must not show.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { entry } from '../helpers/write-site.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;

before(async () => {
  site = await makeTestSite();
  // Published later, starting sooner; published earlier, starting later: date order and start order differ.
  site.writeEntry('content/posts/spring-walk/en.md', entry({ title: 'Spring walk', status: 'published', published: '2026-03-07 10:00', author: 'bob', category: 'events', start: '2026-05-15 08:00', location: 'Merano' }, 'Soon.'));
  site.writeEntry('content/posts/summer-climb/en.md', entry({ title: 'Summer climb', status: 'published', published: '2026-03-02 10:00', author: 'bob', category: 'events', start: '2026-07-01 08:00', location: 'Cortina' }, 'Later.'));
  ({ http } = served = await serveTestSite({ site }));
});
after(() => served.close());

test('content_list with a date category lists its entries newest first, past events too, as every list', async () => {
  const listed = await callTool(site, http.url, site.tokens.admin!, 'content_list', { category: 'events' });
  assert.deepEqual(listed.structuredContent.entries.map((row: { id: string }) => row.id), ['posts/spring-walk', 'posts/hike-day', 'posts/summer-climb']);
  const two = await callTool(site, http.url, site.tokens.admin!, 'content_list', { category: 'events', limit: 2 });
  assert.deepEqual(two.structuredContent.entries.map((row: { id: string }) => row.id), ['posts/spring-walk', 'posts/hike-day']);
  // The Content API keeps its rule: only upcoming events, soonest first.
  const api = await (await fetch(`${http.url.replace('/svc/mcp', '')}/svc/api/v1/entries?category=events`)).json() as { data: Array<{ id: string }> };
  assert.deepEqual(api.data.map((row) => row.id), ['posts/hike-day', 'posts/spring-walk', 'posts/summer-climb']);
});
