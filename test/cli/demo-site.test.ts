// The demo site in content/ (what `make run` serves), read through the real server on a copy of it, on a
// fixed clock: the dates in it (upcoming events, a post scheduled for 2027) are relative to November 2026.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSite } from '../fixtures/check-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
let root: string;
let server: TestServer;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-demo-'));
  cpSync(fileURLToPath(new URL('../../content', import.meta.url)), join(root, 'content'), { recursive: true });
  server = await startTestServer(root, { clock: () => NOW });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

interface ApiEntry { id: string; url: string; title: string; cover?: { url: string; srcset: string; width: number; height: number } | null }
async function list(query: string): Promise<{ ids: string[]; data: ApiEntry[]; total: number }> {
  const response = await fetch(`${server.url}/svc/api/v1/entries?limit=100&${query}`);
  assert.equal(response.status, 200, query);
  const body = await response.json() as { data: ApiEntry[]; meta: { total: number } };
  return { ids: body.data.map((e) => e.id), data: body.data, total: body.meta.total };
}

test('the files follow the content format: front matter, tags, categories, covers with variants, card images', () => {
  assert.deepEqual(checkSite(join(root, 'content')), []);
});

test('the format check reports a missing tag file, a bad time and a missing card image', () => {
  const broken = mkdtempSync(join(tmpdir(), 'svc-demo-broken-'));
  try {
    cpSync(join(root, 'content'), broken, { recursive: true });
    const file = join(broken, 'posts/a-weekend-in-bolzano/en.md');
    writeFileSync(file, readFileSync(file, 'utf8')
      .replace('tags: [travel, food, culture]', 'tags: [travel, nosuchtag]')
      .replace('date: 2026-03-01 09:30', 'date: 1 March 2026')
      .replace('runkelstein.png', 'missing.png'));
    assert.deepEqual(checkSite(broken), [
      'posts/a-weekend-in-bolzano/en.md: date is not YYYY-MM-DD HH:MM',
      'posts/a-weekend-in-bolzano/en.md: tag nosuchtag has no en file',
      'posts/a-weekend-in-bolzano/en.md: card image media/posts/a-weekend-in-bolzano/missing.png does not exist',
    ]);
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }
});

test('14 posts are published in English and 11 in German; drafts and the scheduled post are not listed', async () => {
  const en = await list('type=post');
  const de = await list('type=post&language=de');
  assert.equal(en.total, 14);
  assert.equal(de.total, 11);
  for (const hidden of ['posts/notes-from-the-dolomites', 'posts/ten-things-to-eat-in-south-tyrol', 'posts/the-year-in-pictures']) {
    assert.ok(!en.ids.includes(hidden) && !de.ids.includes(hidden), hidden);
  }
  assert.deepEqual(en.ids.filter((id) => !de.ids.includes(id)).sort(),
    ['posts/lake-days-in-the-salzkammergut', 'posts/ski-touring-workshop', 'posts/wildflowers-above-the-treeline']);
});

test('the events category lists the three upcoming events, soonest first; journal has nine posts', async () => {
  assert.deepEqual((await list('category=events')).ids,
    ['posts/winter-market-meetup', 'posts/full-moon-snowshoe-walk', 'posts/ski-touring-workshop']);
  assert.equal((await list('category=journal')).total, 9);
});

test('pages nest under about, the recipe type has three entries and six tags exist in both languages', async () => {
  assert.deepEqual((await list('type=page')).ids.sort(), ['pages/about', 'pages/about/contact', 'pages/about/team', 'pages/imprint']);
  assert.equal((await list('type=recipe')).total, 3);
  assert.equal((await list('type=tag')).total, 6);
  assert.equal((await list('type=tag&language=de')).total, 6);
});

test('every listed entry opens as a page, and every cover comes with a srcset of its width variants', async () => {
  for (const type of ['post', 'page', 'tag', 'recipe']) {
    for (const language of ['en', 'de']) {
      for (const entry of (await list(`type=${type}&language=${language}`)).data) {
        const page = await fetch(server.url + new URL(entry.url).pathname);
        assert.equal(page.status, 200, entry.url);
        await page.arrayBuffer();
        if (!entry.cover) continue;
        assert.equal(entry.cover.srcset.split(', ').length, 3, `${entry.id} srcset`);
        const image = await fetch(server.url + new URL(entry.cover.url).pathname);
        assert.equal(image.status, 200, entry.cover.url);
        assert.equal(image.headers.get('content-type'), 'image/png');
        await image.arrayBuffer();
      }
    }
  }
});

test('the bodies use every core card, and the Bolzano post carries its own style', async () => {
  const classes = new Set<string>();
  for (const type of ['post', 'page', 'recipe']) {
    for (const entry of (await list(`type=${type}&body=1`)).data as Array<ApiEntry & { html?: string }>) {
      for (const match of (entry.html ?? '').matchAll(/<div class="(card-[a-z]+)/g)) classes.add(match[1]!);
    }
  }
  assert.deepEqual([...classes].sort(), ['card-button', 'card-callout', 'card-gallery', 'card-image', 'card-quote', 'card-video']);
  const bolzano = await (await fetch(`${server.url}/a-weekend-in-bolzano`)).text();
  assert.match(bolzano, /<style id="entry-style">[\s\S]*main \.card-callout[\s\S]*<\/style>/);
});
