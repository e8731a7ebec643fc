// A change feed that cannot be written to (a full disk, a folder made read-only, a folder where its lock
// belongs) stops no write and no answer: the real server saves an assistant's change and takes in a hand
// edit, keeps answering while it tries again to record them, and records each once the feed can be written.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite } from '../helpers/test-site.ts';
import { startRealServer } from '../helpers/special-files.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { feedIn } from '../helpers/site-feed.ts';

test('a feed that cannot be written holds up no write and no answer, and each change is recorded once it can', { timeout: 120_000 }, async () => {
  const site = await makeTestSite();
  const { token } = site.deps.auth.createToken({ ownerId: 'ann', name: 'unrecordable', scopes: ['content:read', 'content:write'], expiresInDays: null });
  // The server alone follows the site (this process's store would take the finder's lease on its fixed clock).
  site.deps.content.close();
  const server = await startRealServer(site.root);
  after(async () => {
    await server.stop();
    site.cleanup();
  });
  const feed = feedIn(join(site.root, 'data'));
  const events = () => feed.since(0, 100_000).events;
  const call = async (name: string, args: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/svc/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      signal: AbortSignal.timeout(10_000),
    });
    return (await response.json()).result;
  };
  // The server finds hand edits once it has read the site and holds the finder's lease (an edit before that
  // is in what it read): a first edit recorded says it does.
  const oldNews = join(site.root, 'content', 'posts', 'old-news', 'en.md');
  await waitFor(() => {
    writeFileSync(oldNews, readFileSync(oldNews, 'utf8').replace(/Old\.[^\n]*/, `Old, edited by hand at ${Date.now()}.`));
    return waitFor(() => assert.ok(events().some((event) => event.entry === 'posts/old-news' && event.via === 'disk')), 3_000);
  }, 30_000);
  // An edit written again by the loop above may still be on its way into the feed: the count settles first.
  let settled = events().length;
  await waitFor(async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const now = events().length;
    const quiet = now === settled;
    settled = now;
    assert.ok(quiet, 'the feed is still growing');
  }, 30_000);

  // A folder where the feed's lock file belongs: no process can append. An append under way holds the lock
  // file for a moment, so the folder takes its place once it is free.
  const lock = join(site.root, 'data', 'locks', 'feed.lock');
  await waitFor(() => mkdirSync(lock), 5_000);
  const before = events().length;
  const written = await call('content_update', { id: 'posts/carls-draft', language: 'en', body: 'Written while the feed could not be.' });
  assert.notEqual(written.isError, true, JSON.stringify(written));
  writeFileSync(oldNews, readFileSync(oldNews, 'utf8').replace('edited by hand', 'edited by hand again'));

  // It keeps answering while it tries again (every 5 s): each answer within a few seconds, over 12 s.
  for (let look = 0; look < 6; look++) {
    const answer = await fetch(`${server.url}/svc/api/v1/entries?limit=1`, { signal: AbortSignal.timeout(4_000) });
    assert.equal(answer.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  assert.match(readFileSync(join(site.root, 'content', 'posts', 'carls-draft', 'en.md'), 'utf8'), /Written while the feed could not be\./);
  assert.equal(events().length, before, 'nothing could be recorded meanwhile');
  assert.match(server.stderr(), /could not/);

  // Once it can be written, each change is recorded, once.
  rmdirSync(lock);
  await waitFor(() => {
    const recorded = events().slice(before);
    assert.deepEqual(recorded.map((event) => event.entry).sort(), ['posts/carls-draft', 'posts/old-news']);
  }, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  assert.equal(events().length, before + 2, 'no change recorded twice');
});
