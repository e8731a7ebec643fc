// Two real processes writing one entry at once: this process's HTTP server and a `node dist/stdio.js` child
// (run `make build` or `npx tsc -p tsconfig.json` first). Each update sets its own counter field; at the end
// both counters are at their last value (no lost update), every body written is in the file or in its
// revisions, and a reader polling the file meanwhile never sees it half-written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { parseFrontMatter } from '../../dist/content/entries/front-matter.js';
import { listRevisions, readRevision } from '../../dist/content/revisions.js';
import { readHistory } from '../../dist/content/history.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const ROUNDS = 25;
let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let httpToken: string;
let stdioToken: string;

before(async () => {
  ({ site, http } = served = await serveTestSite());
  httpToken = site.deps.auth.createToken({ ownerId: 'ann', name: 'over http', scopes: ['content:write'], expiresInDays: null }).token;
  stdioToken = site.deps.auth.createToken({ ownerId: 'ann', name: 'over stdio', scopes: ['content:write'], expiresInDays: null }).token;
  mkdirSync(join(site.root, 'content/posts/shared'));
  writeFileSync(join(site.root, 'content/posts/shared/en.md'), '---\ntitle: Shared\nstatus: draft\nauthor: ann\n---\nStart.\n', { flag: 'w' });
});
after(() => served.close());

test('the HTTP server and a stdio server update one entry in a loop without losing or tearing anything', { timeout: 120_000 }, async () => {
  const file = join(site.root, 'content/posts/shared/en.md');
  const stdio = spawnStdio([`--token=${stdioToken}`, `--root=${site.root}`]);
  const init = await stdio.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
  assert.equal(init.result.protocolVersion, '2025-11-25');
  stdio.send({ jsonrpc: '2.0', method: 'notifications/initialized' });

  let writing = true;
  let reads = 0;
  const reader = (async () => {
    while (writing) {
      const text = readFileSync(file, 'utf8');
      const { fields, body } = parseFrontMatter(text);
      assert.equal(fields.title, 'Shared', `torn read: ${text}`);
      assert.ok(body.endsWith('\n'), `torn body: ${JSON.stringify(body)}`);
      reads++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();

  const overHttp = (async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const result = await callTool(site, http.url, httpToken, 'content_update', { id: 'posts/shared', body: `http ${i}`, fields: { http_count: i } });
      assert.equal(result.isError, undefined, result.content[0].text);
    }
  })();
  const overStdio = (async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await stdio.request('tools/call', { name: 'content_update', arguments: { id: 'posts/shared', body: `stdio ${i}`, fields: { stdio_count: i } } });
      assert.equal(answer.result.isError, undefined, answer.result.content[0].text);
    }
  })();
  try {
    await Promise.all([overHttp, overStdio]);
  } finally {
    writing = false;
    await reader;
    await stdio.exit();
  }

  const final = parseFrontMatter(readFileSync(file, 'utf8'));
  assert.equal(final.fields.http_count, ROUNDS - 1, 'an HTTP update was lost');
  assert.equal(final.fields.stdio_count, ROUNDS - 1, 'a stdio update was lost');

  const dataDir = site.deps.config.dataDir;
  const revisions = listRevisions(new TrustedFolders([dataDir]), dataDir, 'posts/shared', 'en');
  assert.equal(revisions.length, 2 * ROUNDS, 'one revision per update');
  const bodies = new Set([final.body, ...revisions.map((r) => parseFrontMatter(readRevision(new TrustedFolders([dataDir]), dataDir, 'posts/shared', 'en', r.id)).body)]);
  for (let i = 0; i < ROUNDS; i++) {
    assert.ok(bodies.has(`http ${i}\n`), `http ${i} is neither in the file nor in its revisions`);
    assert.ok(bodies.has(`stdio ${i}\n`), `stdio ${i} is neither in the file nor in its revisions`);
  }
  assert.ok(bodies.has('Start.\n'));
  const history = readHistory(new TrustedFolders([dataDir]), dataDir, { entry: 'posts/shared', limit: 1000 });
  assert.equal(history.filter((r) => r.token === 'over http').length, ROUNDS);
  assert.equal(history.filter((r) => r.token === 'over stdio').length, ROUNDS);
  assert.deepEqual(readdirSync(join(site.root, 'content/posts/shared')), ['en.md'], 'temp files left behind');
  assert.ok(reads > 0);
});
