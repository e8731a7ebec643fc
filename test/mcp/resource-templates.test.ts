// Entries and their statistics as resources (resources/templates/list, resources/read, completion/complete)
// against the real server: a template's resource is its tool's answer, under the tool's scope and role rules,
// in both eras; its variables complete only to what the token may read; hostile URIs are refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { modern } from '../helpers/mcp-modern.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;

before(async () => {
  ({ site, http } = served = await serveTestSite());
});
after(() => served.close());

const read = (token: string, uri: string) => rpc(site, http.url, token, 'resources/read', { uri });
const complete = async (token: string, uri: string, name: string, value: string) =>
  (await rpc(site, http.url, token, 'completion/complete', { ref: { type: 'ref/resource', uri }, argument: { name, value } })).json.result.completion;

test('the templates are listed in RFC 6570 form, the id reserved (it holds slashes), the language a query', async () => {
  const answer = await modern(site, http.url, site.tokens.author!, 'resources/templates/list');
  const [entry, stats] = answer.json.result.resourceTemplates;
  assert.deepEqual(Object.keys(entry).sort(), ['description', 'mimeType', 'name', 'title', 'uriTemplate']);
  assert.deepEqual([entry.uriTemplate, stats.uriTemplate], ['svc://entry/{+id}{?lang}', 'svc://stats/post/{+id}{?period}']);
  assert.match(entry.description, /Needs a token with the scope content:read\.$/);
  assert.match(stats.description, /Needs a token with the scope stats:read\.$/);
  assert.deepEqual([answer.json.result.resultType, answer.json.result.cacheScope], ['complete', 'public']);
});

test("an entry's resource is content_read's answer, in the language asked, however the id is spelled", async () => {
  const tool = await callTool(site, http.url, site.tokens.admin!, 'content_read', { id: 'posts/hello', language: 'de' });
  for (const uri of ['svc://entry/posts/hello?lang=de', 'svc://entry/posts%2Fhello?lang=de', 'svc://entry/posts/hell%6F?lang=d%65']) {
    const answer = await read(site.tokens.admin!, uri);
    assert.deepEqual(answer.json.result, { contents: [{ uri, mimeType: 'application/json', text: tool.content[0].text }] }, uri);
  }
  const english = await read(site.tokens.admin!, 'svc://entry/pages/about/team');
  assert.deepEqual(JSON.parse(english.json.result.contents[0].text).id, 'pages/about/team');
  const modernRead = await modern(site, http.url, site.tokens.admin!, 'resources/read', { uri: 'svc://entry/posts/hello' });
  assert.deepEqual([modernRead.json.result.resultType, modernRead.json.result.cacheScope, modernRead.json.result.ttlMs], ['complete', 'private', 0]);
  assert.equal(JSON.parse(modernRead.json.result.contents[0].text).language, 'en');
});

test("another person's draft is not found, in the very words of an entry that does not exist; no scope, the tool's refusal", async () => {
  // Carl (contributor) sees his own drafts and what is public, not Bob's draft.
  const draft = await read(site.tokens.contributor!, 'svc://entry/posts/bobs-draft');
  const missing = await read(site.tokens.contributor!, 'svc://entry/posts/no-such');
  assert.deepEqual(draft.json.error, {
    code: -32002,
    message: 'Resource not found: svc://entry/posts/bobs-draft. There is no entry with the id "posts/bobs-draft". Call content_list to see the entries\' ids.',
    data: { uri: 'svc://entry/posts/bobs-draft' },
  });
  assert.equal(missing.json.error.message.replaceAll('no-such', 'bobs-draft'), draft.json.error.message);
  assert.equal(JSON.parse((await read(site.tokens.contributor!, 'svc://entry/posts/carls-draft')).json.result.contents[0].text).status, 'draft', 'his own draft');
  // The German draft of posts/hello is Ann's: Carl reads the English text instead, as content_read gives it.
  const fallback = JSON.parse((await read(site.tokens.contributor!, 'svc://entry/posts/hello?lang=de')).json.result.contents[0].text);
  assert.deepEqual([fallback.language, fallback.requested_language_missing], ['en', true]);
  assert.equal(fallback.translations.some((t: any) => t.language === 'de'), false);
  const noScope = await read(site.tokens.statsOnly!, 'svc://entry/posts/hello');
  assert.equal(noScope.json.error.code, -32602);
  assert.match(noScope.json.error.message, /^This token may not read svc:\/\/entry\/posts\/hello: it needs the scope content:read/);
  const modernMissing = await modern(site, http.url, site.tokens.contributor!, 'resources/read', { uri: 'svc://entry/posts/bobs-draft' });
  assert.equal(modernMissing.json.error.code, -32602);
});

test("an entry's statistics are stats_post's answer, behind stats:read", async () => {
  const tool = await callTool(site, http.url, site.tokens.statsOnly!, 'stats_post', { id: 'posts/hello', period: '7d' });
  const answer = await read(site.tokens.statsOnly!, 'svc://stats/post/posts/hello?period=7d');
  assert.equal(answer.json.result.contents[0].text, tool.content[0].text);
  const badPeriod = await read(site.tokens.statsOnly!, 'svc://stats/post/posts/hello?period=forever');
  assert.equal(badPeriod.json.error.code, -32602);
  assert.match(badPeriod.json.error.message, /^The URI svc:\/\/stats\/post\/posts\/hello\?period=forever does not name a resource of svc:\/\/stats\/post\/\{\+id\}\{\?period\}: period/);
  const noScope = await read(site.tokens.author!, 'svc://stats/post/posts/hello');
  assert.match(noScope.json.error.message, /it needs the scope stats:read/);
});

test('hostile URIs are refused with a sentence, and nothing outside the site is read', async () => {
  const hostile = [
    'svc://entry/../../../etc/passwd', 'svc://entry/posts/%2e%2e/%2e%2e/data', 'svc://entry/posts/hello%00', 'svc://entry/posts/hello\u0000x',
    'svc://entry/POSTS/hello', 'svc://entry/posts//hello', 'svc://entry/' + 'a/'.repeat(1500), 'svc://entry/posts/hello?lang=de&lang=en',
    'svc://entry/posts/hello?lang=../../x', 'svc://entry/posts/hello?other=1', 'svc://entry/%E0%A4%A', 'svc://entry/', 'svc://entry/posts/hello#x',
    'svc://stats/post/../../data/auth', 'svc://stats/post/',
  ];
  for (const uri of hostile) {
    const answer = await read(site.tokens.admin!, uri);
    assert.equal(answer.status, 200, uri);
    assert.ok([-32002, -32602].includes(answer.json.error?.code), `${uri}: ${answer.text}`);
    assert.ok(answer.json.error.message.length < 500, uri);
    assert.doesNotMatch(answer.json.error.message, /Internal error|root:/, uri);
  }
});

test('completion suggests only the ids the token may read, and the languages and periods there are', async () => {
  const carl = await complete(site.tokens.contributor!, 'svc://entry/{+id}{?lang}', 'id', 'posts/');
  assert.ok(carl.values.includes('posts/hello') && carl.values.includes('posts/carls-draft'));
  assert.equal(carl.values.includes('posts/bobs-draft'), false, "no one else's drafts");
  const bob = await complete(site.tokens.editor!, 'svc://entry/{+id}{?lang}', 'id', 'draft');
  assert.deepEqual(bob.values, ['posts/bobs-draft', 'posts/carls-draft'], 'an editor sees every draft');
  assert.deepEqual((await complete(site.tokens.author!, 'svc://entry/{+id}{?lang}', 'id', 'pages/a')).values, ['pages/about', 'pages/about/team']);
  assert.deepEqual((await complete(site.tokens.author!, 'svc://entry/{+id}{?lang}', 'lang', '')).values, ['de', 'en']);
  assert.deepEqual((await complete(site.tokens.statsOnly!, 'svc://entry/{+id}{?lang}', 'id', '')).values, [], 'no content:read, no ids');
  assert.deepEqual((await complete(site.tokens.statsOnly!, 'svc://stats/post/{+id}{?period}', 'period', '')).values, ['12m', '30d', '7d', '90d']);
  assert.ok((await complete(site.tokens.statsOnly!, 'svc://stats/post/{+id}{?period}', 'id', 'posts/h')).values.includes('posts/hello'));
  assert.deepEqual(await complete(site.tokens.author!, 'svc://entry/{+id}{?lang}', 'nope', ''), { values: [], total: 0, hasMore: false });
  assert.deepEqual(await complete(site.tokens.author!, 'svc://elsewhere/{x}', 'x', ''), { values: [], total: 0, hasMore: false });
});
