// Deleting is the people's, in the panel: assistants and apps never delete anything (the specification). Every
// MCP tool the server lists is called with every way of asking for a deletion a client might try, with a
// token holding every scope; every Content API address is sent DELETE, PUT, PATCH and POST; the panel's delete
// and trash addresses are sent a bearer token. Afterwards no file of content/ is gone, nothing is in the
// trash, and the change feed holds no removal.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { rpc, type HttpHarness } from '../helpers/mcp-http.ts';
import { fileContents } from '../helpers/folder-contents.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let base: string;

before(async () => {
  ({ site, http, base } = served = await serveTestSite());
});
after(() => served.close());

function filesUnder(dir: string): string[] {
  return Object.keys(fileContents(dir)).sort();
}

const DELETE_WORDS = /delet|remov|trash|destroy|purge|erase/i;

/** The ways a client might ask a tool to delete: flags, actions, statuses, empty values, a media file by name. */
function deletionAttempts(): Array<Record<string, unknown>> {
  const target = { id: 'posts/hello', language: 'en' };
  return [
    { ...target, delete: true },
    { ...target, action: 'delete' },
    { ...target, status: 'deleted' },
    { ...target, fields: { status: 'trash', deleted: true, delete: true } },
    { ...target, title: '', body: '' },
    { ...target, body: null },
    { ...target, language: 'de', remove_translation: true },
    { id: 'posts/hello', name: 'photo.png', data: '', delete: true },
    { id: 'posts/hello', file: 'media/posts/hello/photo.png', action: 'remove' },
    { id: 'posts/hello', css: '', remove: true },
    { id: '../../content/posts/hello', delete: true },
  ];
}

test('no MCP tool deletes: every tool, called every way a deletion could be asked for, leaves every file', async () => {
  const before = filesUnder(join(site.root, 'content'));
  const listed = await rpc(site, http.url, site.tokens.admin!, 'tools/list', {});
  const tools = listed.json.result.tools as Array<{ name: string; description: string; inputSchema: { properties?: Record<string, unknown> } }>;
  assert.ok(tools.length >= 15, `only ${tools.length} tools listed`);
  const feedBefore = site.deps.content.changes!.feed.since(0, 100_000).events.length;
  for (const tool of tools) {
    // None is offered: no tool is named for it, and none takes an argument for it.
    assert.doesNotMatch(tool.name, DELETE_WORDS);
    for (const property of Object.keys(tool.inputSchema.properties ?? {})) assert.doesNotMatch(property, DELETE_WORDS, `${tool.name} takes ${property}`);
    for (const args of deletionAttempts()) {
      const answer = await rpc(site, http.url, site.tokens.admin!, 'tools/call', { name: tool.name, arguments: args });
      assert.equal(answer.status, 200, `${tool.name}: ${answer.text}`);
    }
  }
  const after = filesUnder(join(site.root, 'content'));
  assert.deepEqual(before.filter((file) => !after.includes(file)), [], 'files gone from content/');
  assert.equal(existsSync(join(site.root, 'data', 'trash')), false);
  const events = site.deps.content.changes!.feed.since(0, 100_000).events.slice(feedBefore);
  assert.deepEqual(events.filter((event) => event.kind === 'entry.removed'), []);
  assert.ok(existsSync(join(site.root, 'content', 'media', 'posts', 'hello', 'photo.png')));
});

test('the Content API never deletes: DELETE, PUT, PATCH and POST on every address change nothing', async () => {
  const before = filesUnder(join(site.root, 'content'));
  for (const path of ['/svc/api/v1/site', '/svc/api/v1/entries', '/svc/api/v1/entry?id=posts/hello', '/svc/api/v1/entry?id=posts/hello&language=de', '/svc/api/v1/stats', '/svc/api/v1/changes']) {
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST']) {
      const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${site.tokens.admin}`, 'content-type': 'application/json' }, body: '{"delete":true}' });
      assert.ok(res.status === 404 || res.status === 405, `${method} ${path} answered ${res.status}`);
      await res.arrayBuffer();
    }
  }
  assert.deepEqual(filesUnder(join(site.root, 'content')), before);
});

test('the panel\'s delete and trash addresses take no token: a bearer token without a session deletes nothing', async () => {
  const before = filesUnder(join(site.root, 'content'));
  const body = new URLSearchParams({ id: 'posts/hello', seen: 'posts/hello en x', confirm: 'yes', item: 'x' });
  for (const path of ['/svc/panel/entries/delete', '/svc/panel/trash/restore', '/svc/panel/trash/purge', '/svc/panel/trash/empty']) {
    const res = await fetch(base + path, { method: 'POST', redirect: 'manual', headers: { authorization: `Bearer ${site.tokens.admin}`, 'content-type': 'application/x-www-form-urlencoded' }, body });
    assert.ok(res.status === 403 || res.status === 303, `${path} answered ${res.status}`);
    if (res.status === 303) assert.match(res.headers.get('location') ?? '', /sign-in/);
    await res.arrayBuffer();
  }
  assert.deepEqual(filesUnder(join(site.root, 'content')), before);
});
