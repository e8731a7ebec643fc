// After a restart the store starts from the index kept in data/cache, whose translations read their fields
// (author among them) through getters on their prototype (list-engine/translation-columns.ts). The owner of
// an entry may still add a translation to it, through MCP and in the panel, without saving the entry first:
// the right is judged on the translation itself, never on a spread copy of it (which had no author, so a
// contributor or author was refused as "someone else" until any save read the file again).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_FILE_NAME } from '../../dist/content/list-engine/index-persistence.js';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { entry } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { post as mcpPost } from '../helpers/mcp-http.ts';
import { csrfOf, get, post, signIn } from '../helpers/panel-harness.ts';

let site: TestSite;
let server: TestServer;

before(async () => {
  site = await makeTestSite();
  site.writeEntry('content/posts/avas-walk/en.md', entry({ title: 'Ava walks', status: 'published', published: '2026-03-02 09:00', author: 'ava' }, 'Up the hill.'));
  // The first process reads every file and keeps its index; then it stops.
  site.deps.content.entries();
  await site.deps.content.persistIndex();
  site.deps.content.close();
  assert.ok(existsSync(join(site.root, 'data/cache', INDEX_FILE_NAME)));
  // The restarted server, on the same folder and clock.
  server = await startTestServer(site.root, { clock: () => site.clock.now });
});
after(async () => {
  await server.close();
  site.cleanup();
});

const frontMatter = (id: string, language: string) => parseFrontMatter(readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8')).fields;

test('the restarted store answers from the kept index: its translations hold no fields of their own', () => {
  const translation = server.deps.content.entry('posts/carls-draft')!.translations.get('en')!;
  assert.equal(translation.author, 'carl');
  // What a spread copies: without own fields, `{ ...translation }` has no author.
  assert.equal(Object.hasOwn(translation, 'author'), false);
  assert.equal(({ ...translation } as { author?: string }).author, undefined);
});

test('a contributor adds a translation to their own draft through MCP right after the restart', async () => {
  site.clock.now += 60_000;
  const answer = await mcpPost(`${server.url}/svc/mcp`, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'content_update', arguments: { id: 'posts/carls-draft', language: 'de', title: 'Carls Entwurf', body: 'Carl schreibt.' } } }, site.tokens.contributor!);
  const result = (answer.json as { result: { isError?: boolean; content: { text: string }[]; structuredContent: Record<string, unknown> } }).result;
  assert.equal(result.isError, undefined, result.content[0]?.text);
  assert.equal(result.structuredContent.status, 'draft');
  assert.deepEqual([frontMatter('posts/carls-draft', 'de').author, frontMatter('posts/carls-draft', 'de').status], ['carl', 'draft']);
});

test('an author sees the add-a-language form on their own published entry after the restart, and adding works', async () => {
  const panel = { url: server.url };
  const ava = await signIn(panel, 'ava@example.org', 'correct horse battery');
  const page = await get(panel, '/svc/panel/entries/posts/avas-walk', ava);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /<form method="post" action="\/svc\/panel\/entries\/add-translation"/);
  site.clock.now += 60_000;
  const added = await post(panel, '/svc/panel/entries/add-translation', { csrf: csrfOf(page.text), id: 'posts/avas-walk', language: 'de', title: 'Ava wandert', body: 'Den Hügel hinauf.' }, ava);
  assert.equal(added.res.status, 303, added.text.slice(0, 500));
  assert.deepEqual([frontMatter('posts/avas-walk', 'de').author, frontMatter('posts/avas-walk', 'de').status], ['ava', 'draft']);
  // Someone else's entry still shows no form to her.
  const others = await get(panel, '/svc/panel/entries/posts/hike-day', ava);
  assert.doesNotMatch(others.text, /action="\/svc\/panel\/entries\/add-translation"/);
});
