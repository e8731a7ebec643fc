// Statistics rows name their pages by the content's titles: the look-up is kept between answers, and a
// change to the content (a title edited, the site's title in site.yaml) shows in the next answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite } from '../helpers/test-site.ts';
import { statsQuery } from '../../dist/stats/dimension-query.js';

test('page rows show a title edited since the previous answer, and the site title on the home page', async () => {
  const site = await makeTestSite();
  try {
    const { stats, content } = site.deps;
    const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
    for (const path of ['/hello', '/']) stats.collect(JSON.stringify({ t: 'pv', p: path, r: '', w: 1300, z: 'Europe/Vienna', l: 'de-AT' }), { 'user-agent': ua }, '10.0.0.9');
    const today = stats.today();
    const titles = () => Object.fromEntries(statsQuery(stats, content, { from: today, to: today, dimension: 'pages', limit: 10 }).pages.map((row) => [row.path, row.title]));
    const siteTitle = content.site().title;
    assert.deepEqual(titles(), { '/hello': 'Hello Alps', '/': siteTitle });
    assert.deepEqual(titles(), { '/hello': 'Hello Alps', '/': siteTitle }, 'asked again: the same');

    const post = join(site.root, 'content/posts/hello/en.md');
    writeFileSync(post, readFileSync(post, 'utf8').replace('title: Hello Alps', 'title: Hello Dolomites').replace('title: "Hello Alps"', 'title: "Hello Dolomites"'));
    content.invalidate();
    assert.equal(titles()['/hello'], 'Hello Dolomites');

    const settings = join(site.root, 'content/site.yaml');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace(/^title: .*$/m, 'title: Renamed Site'));
    content.invalidate();
    assert.equal(titles()['/'], 'Renamed Site');
  } finally {
    site.cleanup();
  }
});
