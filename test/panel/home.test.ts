// The panel's home over real HTTP: what needs attention first (approvals waiting, drafts made by assistants,
// entries scheduled in the next 7 days, the last changes made through MCP, a 7-day statistics glance with its
// change), each block with fixture data that fills it and on a site where it is empty, each linking to its
// page, each only for the roles it concerns; and the top bar of every page naming the site with View site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool } from '../helpers/mcp-http.ts';
import { entry } from '../helpers/write-site.ts';
import { csrfOf, get, post, type Jar } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';
import { seedStats } from '../../dist/cli/demo-traffic/seed.js';

interface Running extends ServedSite { jars: Record<string, Jar> }
let quiet: Running;
let busy: Running;

async function start(prepare: (site: TestSite) => void): Promise<Running> {
  const site = await makeTestSite();
  prepare(site);
  const served = await serveTestSite({ site });
  const jars: Record<string, Jar> = {};
  for (const key of ['ann', 'bob', 'ava', 'carl']) jars[key] = await served.signIn(`${key}@example.org`);
  return { ...served, jars };
}

before(async () => {
  // A quiet site: no history, no statistics, its only assistant draft made a person's, nothing due this week.
  quiet = await start((site) => site.writeEntry('content/posts/hello/de.md', entry({ title: 'Hallo Alpen', status: 'draft', author: 'ann' }, 'Willkommen.')));
  busy = await start((site) => {
    seedStats(site.deps.stats, site.deps.content, { days: 20, pageviewsPerDay: 30, rawDays: 1, seed: 3 });
    site.writeEntry('content/posts/soon/en.md', entry({ title: 'Soon on the hill', status: 'scheduled', published: '2026-03-12 09:00', author: 'bob' }, 'Soon.'));
  });
  const { site, http, panel, jars } = busy;
  const page = await get(panel, '/svc/panel/approvals', jars.ann);
  await post(panel, '/svc/panel/approvals/mode', { csrf: csrfOf(page.text), mode: 'on' }, jars.ann);
  const avaToken = site.deps.auth.createToken({ ownerId: 'ava', name: 'Ava phone', scopes: ['content:write', 'content:publish'], expiresInDays: 30 }).token;
  const created = (await callTool(site, http.url, avaToken, 'content_create', { title: 'Moraine walk', body: 'Stones.' })).structuredContent;
  site.clock.now += 60_000;
  await callTool(site, http.url, avaToken, 'content_publish', { id: created.id });
});
after(async () => {
  for (const running of [quiet, busy]) await running?.close();
});

/** The block under the heading `title`. */
function blockOf(html: string, title: string): string {
  const start = html.indexOf(`>${title}</h2>`);
  assert.ok(start > 0, `the ${title} block is there`);
  return html.slice(start, html.indexOf('</section>', start));
}

test('every panel page names the site in its top bar and links View site', async () => {
  for (const path of ['/svc/panel/', '/svc/panel/history', '/svc/panel/approvals', '/svc/panel/entries/posts/hello']) {
    const { text } = await get(busy.panel, path, busy.jars.bob);
    assert.match(text, /<header class="top"><a class="brand" href="\/svc\/panel\/">Test Alps <span class="muted">panel<\/span><\/a><a class="view-site" href="http:\/\/127\.0\.0\.1:8080\/">View site<\/a>/, path);
  }
});

test('on a quiet site each block says in a sentence that it is empty, and links its page', async () => {
  const { text } = await get(quiet.panel, '/svc/panel/', quiet.jars.ann);
  const expected: Array<[string, RegExp, string]> = [
    ['Waiting for approval', /Nothing is waiting for approval\./, '/svc/panel/approvals'],
    ['Drafts made by assistants', /There are no drafts made by assistants\./, '/svc/panel/entries?type=post&amp;status=draft'],
    ['Scheduled in the next 7 days', /Nothing is scheduled for the next 7 days\./, '/svc/panel/entries?type=post&amp;status=scheduled'],
    ['Last changes made through MCP', /No changes were made through MCP lately\./, '/svc/panel/history?via=mcp'],
    ['The last 7 days', /No visits from 2026-03-04 to 2026-03-10\./, '/svc/panel/stats'],
  ];
  for (const [title, sentence, href] of expected) {
    const block = blockOf(text, title);
    assert.match(block, sentence, title);
    assert.ok(block.includes(`<a href="${href}">`), `${title} links ${href}`);
  }
});

test('what needs attention: the waiting request, assistant drafts, what is due this week, the MCP changes and the week in figures', async () => {
  const { site, http, panel, jars } = busy;
  const { res, text } = await get(panel, '/svc/panel/', jars.ann);
  assert.equal(res.status, 200);
  assert.ok(text.indexOf('>Waiting for approval</h2>') < text.indexOf('>The last 7 days</h2>'), 'what needs a person comes first');

  const approvals = blockOf(text, 'Waiting for approval');
  assert.match(approvals, /<p>1 entry\.<\/p><ul><li><a href="\/svc\/panel\/entries\/posts\/moraine-walk#lang-en">Moraine walk<\/a> <span class="muted">posts\/moraine-walk · en · requested<\/span><\/li><\/ul>/);

  const drafts = blockOf(text, 'Drafts made by assistants');
  assert.match(drafts, /<p>2 entries\.<\/p>/);
  assert.match(drafts, /Moraine walk<\/a> <span class="muted">posts\/moraine-walk · en · by Ava Author<\/span>/);
  assert.match(drafts, /Hallo Alpen<\/a> <span class="muted">posts\/hello · de · by Ann Admin<\/span>/);

  const scheduled = blockOf(text, 'Scheduled in the next 7 days');
  assert.match(scheduled, /<p>1 entry\.<\/p><ul><li><a href="\/svc\/panel\/entries\/posts\/soon#lang-en">Soon on the hill<\/a> <span class="muted">posts\/soon · en · 2026-03-12 09:00<\/span>/);
  assert.doesNotMatch(scheduled, /Later news/, 'December is not this week');

  const changes = blockOf(text, 'Last changes made through MCP');
  assert.match(changes, /<li>2026-03-10 13:01 · Ava Author · request review <a href="\/svc\/panel\/entries\/posts\/moraine-walk">Moraine walk<\/a> <span class="muted">en · assistant \(token “Ava phone”\)<\/span><\/li><li>2026-03-10 13:00 · Ava Author · create /);

  // The glance is stats_overview's week: the same figures and change.
  const week = (await callTool(site, http.url, site.tokens.admin!, 'stats_overview', { period: '7d' })).structuredContent;
  assert.ok(week.pageviews > 0);
  const glance = blockOf(text, 'The last 7 days');
  const sign = (n: number) => `${n > 0 ? '+' : ''}${n}%`;
  assert.ok(glance.includes(`<dt>Visitors</dt><dd>${week.visitors} <span class="muted">(${sign(week.change_percent.visitors)} against the 7 days before)</span></dd>`), glance);
  assert.ok(glance.includes(`<dt>Page views</dt><dd>${week.pageviews} <span class="muted">(${sign(week.change_percent.pageviews)} against the 7 days before)</span></dd>`), glance);
});

test('each block shows only to the roles it concerns, and only what the person may see', async () => {
  const { text } = await get(busy.panel, '/svc/panel/', busy.jars.carl);
  assert.doesNotMatch(text, />Waiting for approval<\/h2>/);
  assert.doesNotMatch(text, />The last 7 days<\/h2>/);
  assert.match(blockOf(text, 'Drafts made by assistants'), /There are no drafts made by assistants\./);
  assert.doesNotMatch(text, /Moraine walk/, 'someone else\'s draft stays hidden');
  assert.match(blockOf(text, 'Scheduled in the next 7 days'), /Nothing is scheduled for the next 7 days\./);
  assert.match(blockOf(text, 'Last changes made through MCP'), /No changes were made through MCP lately\./);
  // An author (content.publish) sees others' drafts, as content_list shows them to her.
  const ava = await get(busy.panel, '/svc/panel/', busy.jars.ava);
  assert.match(blockOf(ava.text, 'Drafts made by assistants'), /Moraine walk[^]*Hallo Alpen/);
  assert.match(blockOf(ava.text, 'Waiting for approval'), /Moraine walk/);
});
