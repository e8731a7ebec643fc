// Each stdio session (one per assistant session) starts from the index kept in data/cache instead of reading
// every entry file, sees within its sweep what was edited on disk since that index was written, and keeps
// the index it had to read from the files for the sessions after it. The real `node dist/stdio.js` child.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDEX_FILE_NAME } from '../../dist/content/list-engine/index-persistence.js';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { spawnStdio, type StdioChild } from '../helpers/stdio-child.ts';
import { waitFor } from '../helpers/wait-for.ts';

let site: TestSite;
let token: string;

before(async () => {
  site = await makeTestSite();
  // The child runs on the real clock, so this token never expires.
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio', scopes: ['content:read'], expiresInDays: null }).token;
});
after(() => site.cleanup());

async function session(): Promise<StdioChild> {
  const mcp = spawnStdio([`--root=${site.root}`], { SVC_TOKEN: token, NODE_DEBUG: 'svc-index' });
  await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  mcp.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return mcp;
}

async function titles(mcp: StdioChild): Promise<string[]> {
  const answer = await mcp.request('tools/call', { name: 'content_list', arguments: { type: 'post', status: 'any' } });
  return answer.result.structuredContent.entries.map((row: { title: string }) => row.title);
}

test('a stdio session with no index kept reads the files, answers, and keeps the index for the next session', async () => {
  const file = join(site.root, 'data/cache', INDEX_FILE_NAME);
  rmSync(file, { force: true });
  const mcp = await session();
  assert.ok((await titles(mcp)).includes('Hello Alps'));
  await waitFor(() => assert.ok(existsSync(file)), 10_000);
  await mcp.exit();
  assert.match(mcp.stderr(), /read .*content-index\.bin in \d+ ms: missing/);
});

test('a new stdio session starts from the kept index and sees a hand edit made after it was written', async () => {
  // Kept by a session before (the tests' own store runs from source, which is other code than dist/).
  const file = join(site.root, 'data/cache', INDEX_FILE_NAME);
  if (!existsSync(file)) {
    const first = await session();
    await titles(first);
    await waitFor(() => assert.ok(existsSync(file)), 10_000);
    await first.exit();
  }
  const post = join(site.root, 'content/posts/hello/en.md');
  // Edited in place, as an editor saves: the folder's mtime stays, only the file's moves.
  const text = readFileSync(post, 'utf8');
  assert.match(text, /^title: "Hello Alps"$/m);
  writeFileSync(post, text.replace('title: "Hello Alps"', 'title: "Hello Alps, Edited By Hand"'));
  const mcp = await session();
  await waitFor(async () => assert.ok((await titles(mcp)).includes('Hello Alps, Edited By Hand')));
  await mcp.exit();
  assert.match(mcp.stderr(), /read .*content-index\.bin in \d+ ms: \d+ entries/);
});
