// The Settings sections beyond General over real HTTP: content types and their labels, categories and their
// fields, navigation, consent, statistics switches. Each save keeps site.yaml's comments and keys svc does
// not know, is in the history with who and how, and shows on the public site; each bad input is refused with
// its reason and changes nothing; an editor gets 403 and a forged form 403.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { entry } from '../helpers/write-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { callTool } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const BASE = '/svc/panel/settings';
const SECTIONS = ['', '/types', '/categories', '/categories/events', '/navigation', '/consent', '/statistics'].map((path) => `${BASE}${path}`);
const yamlPath = () => join(site.root, 'content', 'site.yaml');
const yaml = () => readFileSync(yamlPath(), 'utf8');

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  writeFileSync(yamlPath(), `# Kept: a comment at the top.\n${yaml()}# Kept: a key svc does not know.\nour_own_key: { owner: marketing }\n`);
  for (const key of ['ann', 'bob'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

/** The hidden fields of a section's form, as its page is now. */
async function formOf(path: string, jar = jars.ann!): Promise<{ csrf: string; version: string; text: string }> {
  const page = await get(panel, path, jar);
  assert.equal(page.res.status, 200, `${path}: ${page.text.slice(0, 200)}`);
  return { csrf: csrfOf(page.text), version: /name="version" value="([^"]+)"/.exec(page.text)![1]!, text: page.text };
}

/** The type labels as the page shows them, with `change` applied. */
async function typesForm(change: Record<string, string | string[]>): Promise<Record<string, string | string[]>> {
  const { csrf, version, text } = await formOf(`${BASE}/types`);
  const labels = Object.fromEntries([...text.matchAll(/name="(label:[^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
  return { csrf, version, ...labels, ...change };
}

/** Posts `fields` to `path` and expects a refusal matching `reason` that leaves site.yaml as it was. */
async function refused(path: string, fields: Record<string, string | string[]>, reason: RegExp, status?: number): Promise<void> {
  const before = yaml();
  const answer = await post(panel, path, fields, jars.ann!);
  assert.ok(answer.res.status >= 400 && answer.res.status < 500, `${JSON.stringify(fields).slice(0, 120)}: ${answer.res.status}`);
  if (status !== undefined) assert.equal(answer.res.status, status);
  assert.match(answer.text.replaceAll('&quot;', '"').replaceAll('&#39;', '\''), reason);
  assert.equal(yaml(), before, `${JSON.stringify(fields).slice(0, 120)} changed site.yaml`);
}

const settingsHistory = () => readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), {}).filter((record) => record.action === 'settings');
const annId = () => site.deps.auth.accounts.findByEmail('ann@example.org')!.id;

test('an editor gets 403 on every section and every save; a forged form is 403; nothing changes', async () => {
  const before = yaml();
  const bobCsrf = csrfOf((await get(panel, '/svc/panel/', jars.bob!)).text);
  for (const path of SECTIONS) {
    assert.equal((await get(panel, path, jars.bob!)).res.status, 403, path);
    assert.equal((await post(panel, path, { csrf: bobCsrf, version: 'x', 'label:post': 'Mine' }, jars.bob!)).res.status, 403, path);
    const { version } = await formOf(path);
    assert.equal((await post(panel, path, { csrf: 'forged', version, 'label:post': 'Mine', new_key: 'x', key: 'x', label: 'x' }, jars.ann!)).res.status, 403, path);
  }
  assert.equal((await post(panel, `${BASE}/categories/journal/remove`, { csrf: bobCsrf, version: 'x' }, jars.bob!)).res.status, 403);
  assert.equal(yaml(), before);
  assert.deepEqual(settingsHistory(), []);
});

test('content types: labels change and a type is added; comments and unknown keys stay; history and feed say who', async () => {
  const saved = await post(panel, `${BASE}/types`, await typesForm({ 'label:post': 'Articles', new_key: 'event', new_folder: 'events', new_label: 'Events' }), jars.ann!);
  assert.equal(saved.res.status, 303, saved.text.slice(0, 300));
  assert.match(yaml(), /^# Kept: a comment at the top\.\n/);
  assert.match(yaml(), /# Kept: a key svc does not know\.\nour_own_key: \{ owner: marketing \}\n/);
  const types = loadSiteConfig(yamlPath()).types;
  assert.deepEqual(types.map((type) => [type.key, type.folder, type.label]), [['post', 'posts', 'Articles'], ['page', 'pages', 'Pages'], ['tag', 'tags', 'Tags'], ['recipe', 'recipes', 'Recipes'], ['event', 'events', 'Events']]);
  const [record] = settingsHistory();
  assert.deepEqual([record!.person, record!.via, record!.detail], [annId(), 'panel', 'changed the label of post, added the type event']);
  const last = site.deps.content.changes!.feed.since(0, 100_000).events.at(-1)!;
  assert.equal(last.kind, 'site.changed');
  // The new type's listing answers at once, under its label.
  const listing = await fetch(`${panel.url}/events`);
  assert.equal(listing.status, 200);
  assert.match(await listing.text(), /<title>Events/);
  const page = await get(panel, `${BASE}/types?done=saved`, jars.ann!);
  assert.match(page.text, /The settings were saved\./);
  assert.match(page.text, /name="label:event" value="Events"/);
});

test('content types: bad input is refused with the reason and changes nothing', async () => {
  const path = `${BASE}/types`;
  await refused(path, await typesForm({ 'label:ghost': 'Ghost' }), /The site has no type "ghost" \(its types are post, page, tag, recipe, event\)/);
  await refused(path, await typesForm({ new_key: 'recipe', new_folder: 'dishes', new_label: 'Dishes' }), /The site has a type recipe already/);
  await refused(path, await typesForm({ new_key: 'dish', new_folder: 'recipes', new_label: 'Dishes' }), /The folder recipes belongs to the type recipe already/);
  await refused(path, await typesForm({ 'label:post': 'x'.repeat(61) }), /The label of the type post must be 1 to 60 characters on one line \(it has 61\)/);
  await refused(path, await typesForm({ 'label:post': '' }), /The label of the type post must be 1 to 60 characters/);
  await refused(path, await typesForm({ new_key: 'shop', new_folder: 'media', new_label: 'Shop' }), /The folder media is kept for svc itself/);
  for (const folder of ['stats', 'search', 'llms']) await refused(path, await typesForm({ new_key: 'shop', new_folder: folder, new_label: 'Shop' }), new RegExp(`The folder ${folder} would list the type at /${folder}, an address of the site itself`));
  await refused(path, await typesForm({ new_key: 'german', new_folder: 'de', new_label: 'German' }), /The folder de is a language code/);
  await refused(path, await typesForm({ new_key: 'about', new_folder: 'about', new_label: 'About' }), /The entry pages\/about has the address \/about already/);
  await refused(path, await typesForm({ new_key: 'hello', new_folder: 'hello', new_label: 'Hello' }), /The entry posts\/hello has the address \/hello already/);
  // An entry whose slug field gave it the address: its page would hide the type's list for good.
  site.writeEntry('content/posts/clash/en.md', entry({ title: 'Clash', status: 'published', published: '2026-01-02 10:00', slug: 'newtype' }));
  await refused(path, await typesForm({ new_key: 'newtype', new_folder: 'newtype', new_label: 'New' }), /The entry posts\/clash has the address \/newtype already, where the type's list would be/);
  rmSync(join(site.root, 'content/posts/clash'), { recursive: true });
  site.deps.content.invalidate();
  await refused(path, await typesForm({ new_key: 'Bad Name', new_folder: 'bad', new_label: 'Bad' }), /"Bad Name" cannot name a type/);
  await refused(path, await typesForm({ new_folder: 'half', new_label: 'Half' }), /"" cannot name a type/);
  // A name every object has: a type so named made its list page fail (500).
  await refused(path, await typesForm({ new_key: 'constructor', new_folder: 'things', new_label: 'Things' }), /"constructor" cannot name a type: it is a name every JavaScript object has already/);
  await refused(path, await typesForm({ new_key: 'x'.repeat(300) }), /What was sent in new_key is longer than 200 characters/);
  await refused(path, await typesForm({ remove: 'recipe' }), /The type recipe still has 1 entry \(recipes\/strudel\); delete them first/, 409);
  await refused(path, await typesForm({ remove: 'post' }), /The type post is part of every site and cannot be removed/);
  // Removing a type without entries works.
  assert.equal((await post(panel, path, await typesForm({ remove: 'event' }), jars.ann!)).res.status, 303);
  assert.deepEqual(loadSiteConfig(yamlPath()).types.map((type) => type.key), ['post', 'page', 'tag', 'recipe']);
});

test('two admins saving at once: the second is refused, keeps what was typed, and gets the file\'s new version', async () => {
  const first = await typesForm({ 'label:page': 'First pages' });
  const second = await typesForm({ 'label:page': 'Second pages' });
  assert.equal((await post(panel, `${BASE}/types`, first, jars.ann!)).res.status, 303);
  const answer = await post(panel, `${BASE}/types`, second, jars.ann!);
  assert.equal(answer.res.status, 409);
  assert.match(answer.text, /changed by someone else since you opened this page; nothing was saved/);
  assert.match(answer.text, /value="Second pages"/);
  assert.match(yaml(), /label: First pages/);
  const version = /name="version" value="([^"]+)"/.exec(answer.text)![1]!;
  assert.equal(version, (await formOf(`${BASE}/types`)).version);
});

/** The events category as the test site defines it, with `change` applied to its form. */
async function eventsForm(change: Record<string, string> = {}, extraRows: Array<Record<string, string>> = []): Promise<Record<string, string>> {
  const { csrf, version } = await formOf(`${BASE}/categories/events`);
  const rows = [
    { key: 'start', type: 'time', label: 'Start', required: 'yes', fixed: 'yes' },
    { key: 'location', type: 'text', label: 'Location', required: 'yes', same: 'yes', fixed: 'yes' },
    { key: 'level', type: 'select', label: 'Level', options: 'easy\nhard', fixed: 'yes' },
    ...extraRows,
  ];
  const fields: Record<string, string> = { csrf, version, label: 'Events', kind: 'date', rows: String(rows.length) };
  rows.forEach((row, index) => { for (const [name, value] of Object.entries(row)) fields[`f${index}_${name}`] = value; });
  return { ...fields, ...change };
}

test('categories: one is added, one\'s label and fields change; an unused one is removed, one in use is not', async () => {
  const { csrf, version } = await formOf(`${BASE}/categories`);
  assert.equal((await post(panel, `${BASE}/categories`, { csrf, version, key: 'talks', label: 'Talks', kind: 'plain' }, jars.ann!)).res.status, 303);
  const unchanged = yaml();
  assert.equal((await post(panel, `${BASE}/categories/events`, await eventsForm(), jars.ann!)).res.status, 303);
  assert.equal(yaml(), unchanged, 'the form as shown changes nothing');
  const saved = await post(panel, `${BASE}/categories/events`, await eventsForm({ label: 'Happenings', f2_options: 'easy\nmedium\nhard' }, [{ key: 'price', type: 'number', label: 'Price' }]), jars.ann!);
  assert.equal(saved.res.status, 303, saved.text.slice(0, 300));
  const events = loadSiteConfig(yamlPath()).categories.events!;
  assert.equal(events.label, 'Happenings');
  assert.deepEqual(Object.keys(events.fields), ['start', 'location', 'level', 'price']);
  assert.deepEqual(events.fields.level!.options, ['easy', 'medium', 'hard']);
  assert.deepEqual([events.fields.price!.type, events.fields.location!.same_in_all_languages], ['number', true]);
  assert.match(settingsHistory()[0]!.detail!, /the label of events, changed the field level of events, added the field price of events/);

  const stillThere = yaml();
  const removeEvents = await post(panel, `${BASE}/categories/events/remove`, { csrf, version: (await formOf(`${BASE}/categories`)).version }, jars.ann!);
  assert.equal(removeEvents.res.status, 409);
  assert.match(removeEvents.text, /The category events is used by 1 entry \(posts\/hike-day\); give them another category or none first/);
  assert.equal(yaml(), stillThere);
  const removeTalks = await post(panel, `${BASE}/categories/talks/remove`, { csrf, version: (await formOf(`${BASE}/categories`)).version }, jars.ann!);
  assert.equal(removeTalks.res.status, 303);
  assert.equal(loadSiteConfig(yamlPath()).categories.talks, undefined);
});

test('categories: bad input is refused with the reason and changes nothing', async () => {
  const { csrf, version } = await formOf(`${BASE}/categories`);
  const add = (fields: Record<string, string>) => ({ csrf, version, kind: 'plain', ...fields });
  await refused(`${BASE}/categories`, add({ key: 'events', label: 'Again' }), /The site has a category events already/);
  await refused(`${BASE}/categories`, add({ key: '../x', label: 'X' }), /"\.\.\/x" cannot name a category/);
  await refused(`${BASE}/categories`, add({ key: 'constructor', label: 'X' }), /"constructor" cannot name a category/);
  await refused(`${BASE}/categories`, add({ key: 'long', label: 'y'.repeat(61) }), /The label of the category long must be 1 to 60 characters/);
  await refused(`${BASE}/categories`, add({ key: 'odd', label: 'Odd', kind: 'weekly' }), /The kind must be plain or date/);
  const events = `${BASE}/categories/events`;
  await refused(events, await eventsForm({}, [{ key: 'title', type: 'text', label: 'Title' }]), /title is a field every entry has already/);
  // The editor showed such a field as `function Object() { [native code] }` and saved that into entries.
  await refused(events, await eventsForm({}, [{ key: 'constructor', type: 'text', label: 'Ctor' }]), /"constructor" cannot name a field/);
  await refused(events, await eventsForm({}, [{ key: 'location', type: 'text', label: 'Place' }]), /The field location is named twice in events/);
  await refused(events, await eventsForm({}, [{ key: 'mood', type: 'select', label: 'Mood' }]), /needs 1 to 50 choices/);
  await refused(events, await eventsForm({}, [{ key: 'mood', type: 'colour', label: 'Mood' }]), /must be one of text, textarea/);
  await refused(events, await eventsForm({ f1_label: 'L'.repeat(61) }), /The label of the field location of events must be 1 to 60 characters/);
  await refused(events, await eventsForm({ f0_remove: 'yes' }), /A date category needs its start field/);
  await refused(events, await eventsForm({ rows: '1' }), /The form holds more rows than it says/);
  await refused(events, await eventsForm({}, Array.from({ length: 28 }, (_, i) => ({ key: `extra_${i}`, type: 'text', label: `Extra ${i}` }))), /A category has at most 30 fields/);
  await refused(`${BASE}/categories/ghost`, await eventsForm(), /The site has no category "ghost"/, 404);
  assert.equal((await get(panel, `${BASE}/categories/ghost`, jars.ann!)).res.status, 404);
});

test('navigation: a language gets a menu of its own, shown in the public header; bad links change nothing; back to pages', async () => {
  const { csrf, version } = await formOf(`${BASE}/navigation`);
  const menu = 'Start = /\nAbout us = /about\nElsewhere = https://example.org/x?a=b\nWrite = mailto:hi@example.org';
  const saved = await post(panel, `${BASE}/navigation`, { csrf, version, 'mode:en': 'own', 'links:en': menu, 'mode:de': 'pages', 'links:de': '' }, jars.ann!);
  assert.equal(saved.res.status, 303, saved.text.slice(0, 300));
  assert.deepEqual(loadSiteConfig(yamlPath()).navigation, { en: [{ title: 'Start', link: '/' }, { title: 'About us', link: '/about' }, { title: 'Elsewhere', link: 'https://example.org/x?a=b' }, { title: 'Write', link: 'mailto:hi@example.org' }] });
  const home = await (await fetch(`${panel.url}/`)).text();
  assert.match(home, /<nav aria-label="Pages"><a href="\/">Start<\/a><a href="\/about">About us<\/a><a href="https:\/\/example\.org\/x\?a=b">Elsewhere<\/a><a href="mailto:hi@example\.org">Write<\/a><\/nav>/);

  const form = async (en: string, extra: Record<string, string> = {}) => {
    const { csrf: token, version: current } = await formOf(`${BASE}/navigation`);
    return { csrf: token, version: current, 'mode:en': 'own', 'links:en': en, ...extra };
  };
  await refused(`${BASE}/navigation`, await form('Evil = javascript:alert(1)'), /The link "javascript:alert\(1\)" \(Evil\) uses javascript:, which is not allowed/);
  await refused(`${BASE}/navigation`, await form('Evil = JaVaScRiPt:alert(1)'), /uses javascript:, which is not allowed/);
  await refused(`${BASE}/navigation`, await form('Evil = data:text/html,<script>alert(1)</script>'), /uses data:, which is not allowed/);
  await refused(`${BASE}/navigation`, await form('Away = //evil.example/'), /starts with \/\/, which leaves the site/);
  await refused(`${BASE}/navigation`, await form('Relative = about'), /is neither a path on this site/);
  await refused(`${BASE}/navigation`, await form('no equals sign here'), /Write each link of the en menu as Title = \/path/);
  await refused(`${BASE}/navigation`, await form(`${'T'.repeat(81)} = /x`), /must be 1 to 80 characters/);
  await refused(`${BASE}/navigation`, await form(Array.from({ length: 31 }, (_, i) => `L${i} = /l${i}`).join('\n')), /A menu has at most 30 links/);
  await refused(`${BASE}/navigation`, await form('Fine = /fine', { 'mode:fr': 'own', 'links:fr': 'Accueil = /' }), /The site has no language "fr"/);

  const back = await formOf(`${BASE}/navigation`);
  assert.equal((await post(panel, `${BASE}/navigation`, { csrf: back.csrf, version: back.version, 'mode:en': 'pages', 'links:en': menu, 'mode:de': 'pages' }, jars.ann!)).res.status, 303);
  assert.doesNotMatch(yaml(), /navigation/);
  assert.match(await (await fetch(`${panel.url}/`)).text(), /<nav aria-label="Pages"><a href="\/about">About<\/a><\/nav>/);
});

test('consent: the privacy link shows in the banner of a page that embeds a service; bad links change nothing', async () => {
  site.writeEntry('content/posts/video/en.md', entry({ title: 'Video', status: 'published', published: '2026-03-02 10:00' }, 'Watch https://www.youtube.com/watch?v=abcdefghijk here.'));
  const page = await formOf(`${BASE}/consent`);
  assert.match(page.text, /<th scope="row">YouTube<\/th><td>External media<\/td><td>1<\/td><td><a href="\/svc\/panel\/entries\/posts\/video">posts\/video<\/a><\/td>/);
  await refused(`${BASE}/consent`, { csrf: page.csrf, version: page.version, privacy_link: 'javascript:alert(1)' }, /The privacy policy's link "javascript:alert\(1\)" uses javascript:/);
  await refused(`${BASE}/consent`, { csrf: page.csrf, version: page.version, privacy_link: 'privacy' }, /is neither a path on this site/);
  assert.equal((await post(panel, `${BASE}/consent`, { csrf: page.csrf, version: page.version, privacy_link: '/privacy' }, jars.ann!)).res.status, 303);
  assert.match(yaml(), /consent:\n {2}privacy_link: \/privacy\n/);
  assert.match(await (await fetch(`${panel.url}/`)).text(), /<a href="\/privacy">Privacy policy<\/a><\/p>/);
  const again = await formOf(`${BASE}/consent`);
  assert.equal((await post(panel, `${BASE}/consent`, { csrf: again.csrf, version: again.version, privacy_link: '' }, jars.ann!)).res.status, 303);
  assert.doesNotMatch(yaml(), /consent/);
});

test('statistics: the switches are saved and the next page\'s script records those clicks', async () => {
  const { csrf, version } = await formOf(`${BASE}/statistics`);
  assert.doesNotMatch(await (await fetch(`${panel.url}/`)).text(), /data-outbound/);
  assert.equal((await post(panel, `${BASE}/statistics`, { csrf, version, track_outbound_links: 'yes', track_file_downloads: 'yes' }, jars.ann!)).res.status, 303);
  assert.match(yaml(), /track_outbound_links: true\ntrack_file_downloads: true\n/);
  assert.match(await (await fetch(`${panel.url}/`)).text(), /data-outbound data-downloads><\/script>/);
  const off = await formOf(`${BASE}/statistics`);
  assert.equal((await post(panel, `${BASE}/statistics`, { csrf: off.csrf, version: off.version }, jars.ann!)).res.status, 303);
  assert.match(yaml(), /track_outbound_links: false\ntrack_file_downloads: false\n/);
  assert.match(yaml(), /^# Kept: a comment at the top\./);
  assert.match(yaml(), /our_own_key: \{ owner: marketing \}/);
});

test('site.yaml broken by hand: every section shows the settings in use and why; saves are refused and write nothing; entry pages and publishing go on', async () => {
  const good = yaml();
  site.writeEntry('content/posts/while-broken/en.md', entry({ title: 'While broken', status: 'draft' }));
  site.deps.content.invalidate();
  try {
    for (const [broken, reason] of [
      [`${good}extra: "unclosed\n`, /content\/site\.yaml cannot be read/],
      [good.replace(/^timezone: .*$/m, 'timezone: Europe/Berlinn'), /timezone/],
    ] as const) {
      writeFileSync(yamlPath(), broken);
      for (const path of SECTIONS) {
        const page = await get(panel, path, jars.ann!);
        assert.equal(page.res.status, 200, `${path}: ${page.text.slice(0, 300)}`);
        assert.match(page.text, reason, path);
        assert.match(page.text, /runs on the settings it read before/, path);
      }
      for (const path of ['/svc/panel/entries/posts/while-broken', '/svc/panel/approvals']) {
        const page = await get(panel, path, jars.ann!);
        assert.equal(page.res.status, 200, `${path}: ${page.text.slice(0, 300)}`);
      }
    }
    // Unreadable as YAML: a save is refused with the parser's reason and the file stays as the person left it.
    const unreadable = `${good}extra: "unclosed\n`;
    writeFileSync(yamlPath(), unreadable);
    const answer = await post(panel, `${BASE}/types`, await typesForm({ 'label:post': 'Articles' }), jars.ann!);
    assert.equal(answer.res.status, 409, answer.text.slice(0, 300));
    assert.match(answer.text, /cannot be read as YAML[^<]*Nothing was saved/);
    assert.equal(yaml(), unreadable);
    const { csrf, version } = await formOf(BASE);
    const general = await post(panel, BASE, { csrf, version, title: 'T', description: '', url: 'https://example.org', timezone: 'UTC', languages: 'en = English\nde = Deutsch', default_language: 'en' }, jars.ann!);
    assert.equal(general.res.status, 409, general.text.replace(/[\s\S]*<main/, '').slice(0, 600));
    assert.equal(yaml(), unreadable);
    // Publishing asks whether approval mode is on: the settings in use answer.
    const published = await callTool(site, served.http.url, site.tokens.admin!, 'content_publish', { id: 'posts/while-broken' });
    assert.equal(published.isError, undefined, JSON.stringify(published).slice(0, 300));
    assert.equal(published.structuredContent.status, 'published');
  } finally {
    writeFileSync(yamlPath(), good);
    site.deps.content.invalidate();
  }
});

test('categories: a choice holding a comma stays one choice, shown one a line and saved back as it was', async () => {
  const good = yaml();
  try {
    const saved = await post(panel, `${BASE}/categories/events`, await eventsForm({ f2_options: 'Vienna, Austria\nBolzano' }), jars.ann!);
    assert.equal(saved.res.status, 303, saved.text.slice(0, 300));
    const options = () => loadSiteConfig(yamlPath()).categories.events!.fields.level!.options;
    assert.deepEqual(options(), ['Vienna, Austria', 'Bolzano']);
    const page = await get(panel, `${BASE}/categories/events`, jars.ann!);
    const shown = /name="f2_options"[^>]*>([^<]*)<\/textarea>/.exec(page.text)?.[1];
    assert.equal(shown, 'Vienna, Austria\nBolzano');
    const again = await post(panel, `${BASE}/categories/events`, await eventsForm({ label: 'Events, again', f2_options: shown! }), jars.ann!);
    assert.equal(again.res.status, 303, again.text.slice(0, 300));
    assert.deepEqual(options(), ['Vienna, Austria', 'Bolzano']);
  } finally {
    writeFileSync(yamlPath(), good);
    site.deps.content.invalidate();
  }
});
