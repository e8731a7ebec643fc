// site_info answers are kept per caller while the content is unchanged: repeated calls give the same bytes,
// and every change of content, role, name or scopes shows in the very next answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { createMcpDispatcher } from '../../dist/mcp/mcp-server.js';
import { defaultRegistry } from '../../dist/wiring/mcp-registry.js';
import { TOOL_ANSWER_BYTES, ToolAnswerCache } from '../../dist/mcp/tool-answer-cache.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;

before(async () => {
  ({ site, http } = served = await serveTestSite());
});
after(() => served.close());

async function siteInfo(token: string, args?: unknown): Promise<{ text: string; result: any }> {
  const answer = await rpc(site, http.url, site.tokens[token]!, 'tools/call', { name: 'site_info', ...(args === undefined ? {} : { arguments: args }) });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get('content-length'), String(Buffer.byteLength(answer.text)));
  return { text: answer.text, result: answer.json.result };
}

test('a repeated call answers the same, written exactly as JSON.stringify writes it', async () => {
  const first = await siteInfo('editor', {});
  const second = await siteInfo('editor');
  const parsed = JSON.parse(first.text);
  assert.equal(first.text, JSON.stringify(parsed));
  assert.equal(second.text, first.text.replace(`"id":${parsed.id},`, `"id":${parsed.id + 1},`));
  assert.equal(first.result.content[0].text, JSON.stringify(first.result.structuredContent));
  assert.deepEqual(Object.keys(first.result), ['content', 'structuredContent']);
});

test('callers with other roles, names or scopes never get each other\'s answer', async () => {
  const editor = (await siteInfo('editor')).result.structuredContent;
  const admin = (await siteInfo('admin')).result.structuredContent;
  const statsOnly = (await siteInfo('statsOnly')).result.structuredContent;
  assert.deepEqual(editor.you, { name: 'Bob Editor', role: 'editor', capabilities: ['assistants.use', 'content.edit_all', 'content.publish', 'content.publish_all', 'content.write', 'stats.view'] });
  assert.deepEqual(editor.token_scopes, ['content:read']);
  assert.equal(admin.you.name, 'Ann Admin');
  assert.deepEqual(admin.token_scopes, ['stats:read', 'content:read', 'content:write', 'content:publish']);
  assert.equal(statsOnly.you.name, 'Ann Admin');
  assert.deepEqual(statsOnly.token_scopes, ['stats:read']);
  assert.equal((await siteInfo('editor')).result.structuredContent.you.role, 'editor');
});

test('a role change and a new name show in the next answer', async () => {
  assert.equal((await siteInfo('editor')).result.structuredContent.you.role, 'editor');
  site.deps.auth.accounts.setRole('bob', 'author');
  const author = (await siteInfo('editor')).result.structuredContent.you;
  assert.equal(author.role, 'author');
  assert.equal(author.capabilities.includes('content.edit_all'), false);
  site.deps.auth.accounts.update('bob', (account) => ({ ...account, name: 'Robert Editor' }));
  assert.equal((await siteInfo('editor')).result.structuredContent.you.name, 'Robert Editor');
  site.deps.auth.accounts.update('bob', (account) => ({ ...account, name: 'Bob Editor', role: 'editor' }));
  assert.deepEqual((await siteInfo('editor')).result.structuredContent.you.name, 'Bob Editor');
});

test('a new entry and a changed site.yaml show in the next answer', async () => {
  const recipe = (slug: string, title: string) => {
    mkdirSync(join(site.root, `content/recipes/${slug}`), { recursive: true });
    writeFileSync(join(site.root, `content/recipes/${slug}/en.md`), `---\ntitle: "${title}"\nstatus: "published"\npublished: "2026-01-01 09:00"\nauthor: "ann"\n---\nFlour.\n`);
  };
  const recipes = async () => (await siteInfo('editor')).result.structuredContent.content_types.recipe.entries;
  assert.equal(await recipes(), 1);
  // The sweep that sees hand edits is set up a moment after the index is built (its code loads then); once
  // one hand edit has shown, every later one shows in the very next answer on a site this small.
  recipe('dumplings', 'Dumplings');
  await waitFor(async () => assert.equal(await recipes(), 2));
  recipe('noodles', 'Noodles');
  assert.equal(await recipes(), 3);
  const yaml = join(site.root, 'content/site.yaml');
  writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('title: Test Alps', 'title: Test Alps Again'));
  const after = (await siteInfo('editor')).result.structuredContent;
  assert.equal(after.title, 'Test Alps Again');
  assert.equal(after.content_types.recipe.entries, 3);
});

test('a kept answer is shared, so it is frozen whole: whoever reads it cannot change the next one', async () => {
  const dispatcher = createMcpDispatcher({ registry: defaultRegistry(), log: () => {} });
  const principal = site.deps.auth.verify(site.tokens.editor!)!;
  const call = async () => {
    const outcome = await dispatcher.dispatch({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'site_info' } },
      { principal, deps: site.deps, session: { protocolVersion: '2025-11-25', logLevel: 'info' } }, { allowBatch: false });
    return (outcome.reply as any).result;
  };
  const first = await call();
  const second = await call();
  assert.equal(second, first);
  assert.throws(() => { first.structuredContent.title = 'Changed'; }, TypeError);
  assert.throws(() => { first.structuredContent.you.capabilities.push('team.manage'); }, TypeError);
  assert.throws(() => { first.content[0].text = 'Changed'; }, TypeError);
  assert.throws(() => { first.isError = true; }, TypeError);
  assert.equal(first.structuredContent.title, 'Test Alps Again');
  assert.equal(JSON.parse(first.content[0].text).title, 'Test Alps Again');
});

test('a tool\'s kept answers stay within their byte bound, the oldest forgotten first, and a repeat of a kept one is found', () => {
  const cache = new ToolAnswerCache<{ text: string }>((answer) => 4 * answer.text.length + 400);
  const store = {};
  const answer = { text: 'x'.repeat(50_000) };
  const keys = Array.from({ length: 100 }, (_, i) => `key ${i}`);
  for (const key of keys) cache.set(store, 1, 'content_list', key, answer);
  const kept = keys.filter((key) => cache.get(store, 1, 'content_list', key) !== undefined);
  assert.ok(kept.length > 0 && kept.length * (4 * answer.text.length + 400) <= TOOL_ANSWER_BYTES, `${kept.length} answers kept`);
  assert.deepEqual(kept, keys.slice(keys.length - kept.length), 'the newest are the ones kept');
  // Other tools have bounds of their own.
  cache.set(store, 1, 'site_info', 'k', answer);
  assert.equal(cache.get(store, 1, 'site_info', 'k'), answer);
  assert.equal(cache.get(store, 1, 'content_list', keys.at(-1)!), answer);
});

test('content_list answers are kept per what the caller may see: their own drafts, or everyone\'s', async () => {
  const drafts = async (token: string) => {
    const answer = await rpc(site, http.url, site.tokens[token]!, 'tools/call', { name: 'content_list', arguments: { type: 'post', status: 'draft' } });
    assert.equal(answer.status, 200);
    return { text: answer.text.replace(/"id":\d+,/, ''), titles: answer.json.result.structuredContent.entries.map((entry: { title: string }) => entry.title) };
  };
  // Asked first by an editor (everyone's drafts), then by a contributor (only their own) and an author (whose
  // content.publish shows everyone's): a key that forgot the caller would hand the editor's answer on.
  const bob = await drafts('editor');
  assert.ok(bob.titles.includes('Bob draft') && bob.titles.includes('Carl draft'), bob.titles.join(', '));
  const carl = await drafts('contributor');
  assert.deepEqual(carl.titles, ['Carl draft']);
  assert.deepEqual((await drafts('author')).titles, bob.titles);
  assert.equal((await drafts('contributor')).text, carl.text);
  assert.equal((await drafts('editor')).text, bob.text);
  // A change of content is a new answer.
  const file = join(site.root, 'content/posts/carls-draft/en.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('Carl draft', 'Carl draft, edited'));
  await waitFor(async () => assert.deepEqual((await drafts('contributor')).titles, ['Carl draft, edited']));
});
