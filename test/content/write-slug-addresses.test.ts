// One public address, one entry: a translation's own `slug` field puts it at an address other than its
// folder's name, so a folder that is free can still be another entry's address. Creating (MCP and panel),
// changing or removing a slug, adding a translation and restoring a version each ask the index who is at the
// address they would give, over the real server with real files. (Before, only folder names were compared:
// two published entries shared /renamed-hook and the second could not be reached.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { entry } from '../helpers/write-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { listRevisions } from '../../dist/content/revisions.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let panel: PanelAddress;
let ann: Jar;

const LIVE = { status: 'published', published: '2026-03-02 09:00', author: 'ann' };

before(async () => {
  site = await makeTestSite();
  site.writeEntry('content/posts/hook/en.md', entry({ title: 'Hook', ...LIVE, slug: 'renamed-hook' }, 'The hook.'));
  site.writeEntry('content/posts/alpha/en.md', entry({ title: 'Alpha', ...LIVE, slug: 'alpha-renamed' }, 'Alpha text.'));
  site.writeEntry('content/posts/first/en.md', entry({ title: 'First', ...LIVE, slug: 'first-new' }, 'First text.'));
  site.writeEntry('content/posts/second/en.md', entry({ title: 'Second', ...LIVE, slug: 'first' }, 'Second text.'));
  site.writeEntry('content/posts/zeta/de.md', entry({ title: 'Zeta', ...LIVE, slug: 'hook' }, 'Zeta Text.'));
  ({ http, panel } = served = await serveTestSite({ site }));
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

const fileText = (id: string, language = 'en') => readFileSync(join(site.root, 'content', id, `${language}.md`), 'utf8');
const publicPage = async (path: string) => (await fetch(panel.url + path)).text();
const admin = (tool: string, args: Record<string, unknown>) => callTool(site, http.url, site.tokens.admin!, tool, args);

test('a slug typed in the panel that is another entry\'s address is refused, and nothing is written', async () => {
  const page = await get(panel, '/svc/panel/entries/new?type=post', ann);
  const refused = await post(panel, '/svc/panel/entries/new', { csrf: csrfOf(page.text), type: 'post', title: 'Hook again', language: 'en', slug: 'renamed-hook' }, ann);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /The slug &quot;renamed-hook&quot; is taken: \/renamed-hook is the address of posts\/hook; choose another one, or leave it empty for a free one\./);
  assert.equal(existsSync(join(site.root, 'content/posts/renamed-hook')), false);
  assert.match(await publicPage('/renamed-hook'), /Hook/);
});

test('content_create gives a wanted or a generated slug that is another entry\'s address the next free one', async () => {
  const given = await admin('content_create', { title: 'Hook again', fields: { slug: 'renamed-hook' } });
  assert.equal(given.structuredContent.id, 'posts/renamed-hook-2');
  // The title's slug alpha-renamed is no folder, but posts/alpha is there through its slug field.
  const generated = await admin('content_create', { title: 'Alpha Renamed' });
  assert.equal(generated.structuredContent.id, 'posts/alpha-renamed-2');
  assert.equal(existsSync(join(site.root, 'content/posts/alpha-renamed')), false);
  for (const id of ['posts/renamed-hook-2', 'posts/alpha-renamed-2']) {
    assert.equal((await admin('content_publish', { id })).isError, undefined);
  }
  assert.match(await publicPage('/alpha-renamed'), /Alpha text\./);
  assert.match(await publicPage('/alpha-renamed-2'), /Alpha Renamed/);
});

test('removing a slug is refused while the folder\'s own address is another entry\'s; the file stays as it was', async () => {
  const before = fileText('posts/first');
  const refused = await admin('content_update', { id: 'posts/first', fields: { slug: null } });
  assert.equal(refused.isError, true);
  assert.equal(refused.content[0].text, 'Without a slug of its own, the en translation of posts/first would be at /first, which posts/second already uses; give it a slug, or change that entry\'s first.');
  assert.equal(fileText('posts/first'), before);
  assert.match(await publicPage('/first'), /Second text\./);
  assert.match(await publicPage('/first-new'), /First text\./);
  // Setting it to the other entry's address is refused as before.
  const taken = await admin('content_update', { id: 'posts/first', fields: { slug: 'first' } });
  assert.equal(taken.content[0].text, 'The address /first is already used by posts/second; choose another slug.');
});

test('a translation added where another entry\'s translation is (through its slug) is refused', async () => {
  const refused = await admin('content_update', { id: 'posts/hook', language: 'de', title: 'Haken' });
  assert.equal(refused.isError, true);
  assert.equal(refused.content[0].text, 'Without a slug of its own, the de translation of posts/hook would be at /de/hook, which posts/zeta already uses; give it a slug, or change that entry\'s first.');
  assert.equal(existsSync(join(site.root, 'content/posts/hook/de.md')), false);
  const own = await admin('content_update', { id: 'posts/hook', language: 'de', title: 'Haken', fields: { slug: 'haken' } });
  assert.equal(own.isError, undefined);
  assert.match(own.structuredContent.url, /\/de\/haken$/);
});

test('restoring a version without the slug is refused while its old address is another entry\'s', async () => {
  site.writeEntry('content/posts/gamma/en.md', entry({ title: 'Gamma', ...LIVE }, 'Gamma text.'));
  site.writeEntry('content/posts/delta/en.md', entry({ title: 'Delta', ...LIVE }, 'Delta text.'));
  assert.equal((await admin('content_update', { id: 'posts/gamma', fields: { slug: 'gamma-new' } })).isError, undefined);
  // /gamma is free now, and Delta takes it.
  assert.equal((await admin('content_update', { id: 'posts/delta', fields: { slug: 'gamma' } })).isError, undefined);
  const versions = listRevisions(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), 'posts/gamma', 'en');
  assert.equal(versions.length, 1);
  const revision = versions[0]!.id;
  const before = fileText('posts/gamma');
  const page = await get(panel, `/svc/panel/revisions?id=posts/gamma`, ann);
  const refused = await post(panel, '/svc/panel/revisions/restore', { csrf: csrfOf(page.text), id: 'posts/gamma', language: 'en', revision }, ann);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /This version would put posts\/gamma at \/gamma, which posts\/delta uses now; change that entry&#39;s slug first, or edit this one&#39;s instead of restoring\./);
  assert.equal(fileText('posts/gamma'), before);
  assert.match(await publicPage('/gamma'), /Delta text\./);
  assert.match(await publicPage('/gamma-new'), /Gamma text\./);
});
