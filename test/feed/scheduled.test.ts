// Changes the finder records by itself (issue: one change feed): a scheduled time passing (it wakes when it
// comes, with nobody reading, brings the file up to date and records entry.due then, so a cache in front can
// be purged at that moment), and a write the feed could not take when it was made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXED_NOW, makeTestSite } from '../helpers/test-site.ts';
import { callTool } from '../helpers/mcp-http.ts';
import { serveTestSite } from '../helpers/served-site.ts';
import { feedIn } from '../helpers/site-feed.ts';

test('when a scheduled time comes the finder wakes by itself, publishes the file and records entry.due', async () => {
  const site = await makeTestSite();
  try {
    // Due at 13:01 in Berlin (12:01 UTC), a minute after the test's fixed clock.
    const due = FIXED_NOW + 60_000;
    mkdirSync(join(site.root, 'content', 'posts', 'timed'));
    writeFileSync(join(site.root, 'content', 'posts', 'timed', 'en.md'), '---\ntitle: "Timed"\nstatus: "scheduled"\npublished: "2026-03-10 13:01"\nauthor: "ann"\n---\n\nSoon.\n');
    site.clock.now = due - 200;
    // One read builds the index (this process takes the finder's lease); none after it.
    assert.equal(site.deps.content.entry('posts/timed')?.translations.get('en')?.status, 'scheduled');
    site.deps.content.lists();
    // The sweep set up (it applies a time that passed when it starts), then the time comes, with no read.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    site.clock.now = due + 1;
    const feed = feedIn(join(site.root, 'data'));
    const started = Date.now();
    while (!feed.since(0).events.some((event) => event.kind === 'entry.due') && Date.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
    const events = feed.since(0).events;
    assert.deepEqual(events.map(({ kind, entry, languages, via, paths }) => ({ kind, entry, languages, via, paths })), [
      { kind: 'entry.due', entry: 'posts/timed', languages: ['en'], via: 'schedule', paths: ['/timed'] },
    ]);
    assert.equal(events[0]!.detail, 'scheduled for 2026-03-10 13:01');
  } finally {
    site.deps.content.close();
    site.cleanup();
  }
});

test('a write the feed could not take stands, and is recorded as found on disk once the feed can be written again', async () => {
  const served = await serveTestSite();
  const { site, http } = served;
  try {
    site.deps.content.lists();
    // The next segment cannot be made: a folder stands where its file would go.
    const segment = join(site.root, 'data', 'feed', 'changes-0000000000000001.ndjson');
    mkdirSync(segment, { recursive: true });
    const done = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hike-day', language: 'en', title: 'Written while the feed was blocked' });
    assert.equal(done.isError, undefined);
    rmSync(segment, { recursive: true });
    const feed = feedIn(join(site.root, 'data'));
    const started = Date.now();
    while (feed.since(0).events.length === 0 && Date.now() - started < 15_000) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(feed.since(0).events.map(({ kind, entry, via, languages }) => ({ kind, entry, via, languages })), [
      { kind: 'entry.changed', entry: 'posts/hike-day', via: 'disk', languages: ['en'] },
    ]);
  } finally {
    await served.close();
  }
});
