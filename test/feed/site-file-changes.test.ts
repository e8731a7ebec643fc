// content/site.yaml edited by hand goes into the change feed like any other change (issue 32): one
// `site.changed` via disk, with nobody reading the site meanwhile; a change svc makes itself (the panel's
// settings) is one `site.changed` via panel, never a second one found on disk. The real server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { startRealServer, type RealServer } from '../helpers/special-files.ts';
import { csrfOf, get, post, signIn, type PanelHarness } from '../helpers/panel-harness.ts';
import { waitFor } from '../helpers/wait-for.ts';
import type { ChangeFeed } from '../../dist/feed/change-feed.js';
import { feedIn } from '../helpers/site-feed.ts';

let site: TestSite;
let server: RealServer;
let feed: ChangeFeed;
const settingsEvents = () => feed.since(0, 100_000).events.filter((event) => event.kind === 'site.changed');
const yaml = () => join(site.root, 'content', 'site.yaml');

before(async () => {
  site = await makeTestSite();
  // The server alone follows the site (this process's store would take the finder's lease on its fixed clock).
  site.deps.content.close();
  server = await startRealServer(site.root);
  feed = feedIn(join(site.root, 'data'));
  // It records what it finds on disk once it has read the site and holds the finder's lease: an entry
  // edited by hand and recorded says it does.
  await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
  const oldNews = join(site.root, 'content', 'posts', 'old-news', 'en.md');
  await waitFor(() => {
    writeFileSync(oldNews, readFileSync(oldNews, 'utf8').replace(/Old\.[^\n]*/, `Old, edited by hand at ${Date.now()}.`));
    return waitFor(() => assert.ok(feed.since(0, 100_000).events.some((event) => event.entry === 'posts/old-news' && event.via === 'disk')), 3_000);
  }, 30_000);
});
after(async () => {
  await server.stop();
  site.cleanup();
});

test('site.yaml edited by hand is one site.changed via disk, with nobody reading meanwhile', async () => {
  const before = settingsEvents().length;
  writeFileSync(yaml(), readFileSync(yaml(), 'utf8').replace('title: Test Alps', 'title: Test Alps by hand'));
  const events = await waitFor(() => {
    const now = settingsEvents().slice(before);
    assert.equal(now.length, 1);
    return now;
  });
  assert.deepEqual([events[0]!.via, events[0]!.entry, events[0]!.detail], ['disk', null, 'content/site.yaml']);
  // Taken by the server too: its site says so, and no second event comes of the read.
  assert.equal((await (await fetch(`${server.url}/svc/api/v1/site`)).json()).title, 'Test Alps by hand');
  await new Promise((done) => setTimeout(done, 1_500));
  assert.equal(settingsEvents().length, before + 1);
});

test('the panel\'s settings saved are one site.changed via panel, not also one found on disk', async () => {
  const panel = { url: server.url } as PanelHarness;
  const jar = await signIn(panel, 'ann@example.org', 'correct horse battery');
  const page = await get(panel, '/svc/panel/settings', jar);
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const area = (name: string) => (new RegExp(`name="${name}"[^>]*>\\n([^<]*)</textarea>`).exec(page.text)?.[1] ?? '').replaceAll('&amp;', '&');
  const before = settingsEvents().length;
  const saved = await post(panel, '/svc/panel/settings', {
    csrf: csrfOf(page.text), version: value('version'), title: 'Test Alps from the panel', description: area('description'), url: value('url'),
    languages: area('languages'), default_language: /<option value="([^"]+)" selected>/.exec(page.text)![1]!, timezone: value('timezone'),
  }, jar);
  assert.equal(saved.res.status, 303, saved.text);
  await waitFor(() => assert.equal(settingsEvents().length, before + 1));
  await new Promise((done) => setTimeout(done, 2_000));
  const events = settingsEvents().slice(before);
  assert.deepEqual(events.map((event) => event.via), ['panel']);
});
