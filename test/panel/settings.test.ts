// Settings in the panel over real HTTP: an admin changes the title, description, address, languages, default
// language, time zone and the closed switch; site.yaml keeps its comments and order; the public site and
// `svc check`'s rules agree at once; every change is in the history. Bad input: a language code of 5 KB, a
// zone like ../../etc, a language entries still use, a language whose home page would be /svc, /tag or an
// entry's page, two admins saving at once, someone without the right.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';
import { readHistory } from '../../dist/content/history.js';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { entry, writeEntryFile } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const SETTINGS = '/svc/panel/settings';
const yamlPath = () => join(site.root, 'content', 'site.yaml');

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  writeFileSync(yamlPath(), `# Settings of the test site: this comment stays.\n${readFileSync(yamlPath(), 'utf8').replace('languages:', '# Languages, in this order.\nlanguages:')}`);
  for (const key of ['ann', 'bob'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

/** The form as the page fills it, with `change` applied. */
async function formWith(jar: Jar, change: Record<string, string | null>) {
  const page = await get(panel, SETTINGS, jar);
  assert.equal(page.res.status, 200);
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.text)?.[1]?.replaceAll('&amp;', '&') ?? '';
  const area = (name: string) => (new RegExp(`name="${name}"[^>]*>\\n([^<]*)</textarea>`).exec(page.text)?.[1] ?? '').replaceAll('&amp;', '&');
  const fields: Record<string, string> = {
    csrf: csrfOf(page.text), version: value('version'), title: value('title'), description: area('description'), url: value('url'),
    languages: area('languages'), default_language: /<option value="([^"]+)" selected>/.exec(page.text)![1]!, timezone: value('timezone'),
  };
  for (const [key, next] of Object.entries(change)) if (next === null) delete fields[key]; else fields[key] = next;
  return fields;
}

test('only people who manage the settings see them', async () => {
  assert.equal((await get(panel, SETTINGS, jars.bob!)).res.status, 403);
  const page = await get(panel, SETTINGS, jars.ann!);
  assert.match(page.text, /value="Test Alps"/);
  assert.match(page.text, /en = English\nde = Deutsch/);
});

test('a change is saved keeping site.yaml\'s comments, shows on the public site at once, and is in the history', async () => {
  const saved = await post(panel, SETTINGS, await formWith(jars.ann!, { title: 'Alps & Lakes', timezone: 'Europe/Vienna', languages: 'en = English\nde = Deutsch\nit = Italiano' }), jars.ann!);
  assert.equal(saved.res.status, 303, saved.text);
  const yaml = readFileSync(yamlPath(), 'utf8');
  assert.match(yaml, /^# Settings of the test site: this comment stays\.\n/);
  assert.match(yaml, /# Languages, in this order\.\nlanguages: \{ en: English, de: Deutsch, it: Italiano \}\n/);
  const config = loadSiteConfig(yamlPath());
  assert.deepEqual([config.title, config.timezone, Object.keys(config.languages)], ['Alps & Lakes', 'Europe/Vienna', ['en', 'de', 'it']]);
  // Typed in another case, a zone is kept as the time zone database spells it.
  const cased = await post(panel, SETTINGS, await formWith(jars.ann!, { timezone: 'europe/vienna' }), jars.ann!);
  assert.equal(cased.res.status, 303, cased.text.slice(0, 300));
  assert.equal(loadSiteConfig(yamlPath()).timezone, 'Europe/Vienna');
  const home = await (await fetch(`${panel.url}/`)).text();
  assert.match(home, /Alps &amp; Lakes/);
  assert.deepEqual(readHistory(new TrustedFolders([join(site.root, 'data')]), join(site.root, 'data'), {}).filter((r) => r.action === 'settings').map((r) => r.detail), ['changed title, timezone, languages']);
  assert.equal(site.deps.content.changes!.feed.since(0, 100_000).events.at(-1)!.kind, 'site.changed');
});

test('bad input is refused with the reason and changes nothing', async () => {
  // A page made by hand at /kon, the address a language kon would take for its home page.
  writeEntryFile(site.root, 'content/pages/kon/en.md', entry({ title: 'Kon', status: 'published', published: '2025-06-01 09:00', author: 'ann' }, 'Kon.'));
  await waitFor(() => assert.ok(site.deps.content.atPath('/kon')));
  const before = readFileSync(yamlPath(), 'utf8');
  for (const [change, reason] of [
    [{ languages: `en = English\n${'x'.repeat(5 * 1024)} = Huge` }, /is not a language code/],
    [{ languages: 'en = English\nde = Deutsch\nde-AT = Österreich\nde-at = österreich' }, /The languages de-AT and de-at are one language/],
    [{ timezone: '../../etc' }, /is not a time zone/],
    [{ timezone: 'Mars/Olympus' }, /is not a time zone/],
    [{ languages: 'en = English' }, /Entries still use de \(1 entry\); delete or move those translations/],
    [{ default_language: 'fr' }, /default language must be one of the languages/],
    [{ url: 'javascript:alert(1)' }, /must begin with https:\/\/ or http:\/\//],
    [{ url: 'https://ada:pw@example.org' }, /The address must not hold a user name or password\./],
    [{ url: 'https://example.org/?' }, /The address must not have a \? query or # fragment\./],
    [{ title: '' }, /The title must be 1 to 200 characters/],
    [{ languages: 'en English' }, /code = name/],
    // A language's home page is /<code>: none may be one of the site's own addresses or an entry's page.
    [{ languages: 'en = English\nde = Deutsch\ntag = Tagalog' }, /The language tag cannot be added: \/tag is an address of the site itself: the tags are listed at \/tag/],
    [{ languages: 'en = English\nde = Deutsch\nsvc = Test' }, /The language svc cannot be added: \/svc is an address of the site itself: the panel, the Content API and the MCP server are at \/svc/],
    [{ languages: 'en = English\nde = Deutsch\nkon = Kongo' }, /The language kon cannot be added: \/kon is the address of the entry pages\/kon, which the language&#39;s home page would hide; give that entry another slug first\. Nothing was saved\./],
  ] as const) {
    const answer = await post(panel, SETTINGS, await formWith(jars.ann!, change), jars.ann!);
    assert.ok(answer.res.status >= 400 && answer.res.status < 500, `${JSON.stringify(change).slice(0, 80)}: ${answer.res.status}`);
    assert.match(answer.text, reason);
    assert.equal(readFileSync(yamlPath(), 'utf8'), before);
  }
});

test('two admins saving at once: the second, filled from the older file, is refused and keeps what was typed', async () => {
  const first = await formWith(jars.ann!, { description: 'By the first admin.' });
  const second = await formWith(jars.ann!, { description: 'By the second admin.' });
  assert.equal((await post(panel, SETTINGS, first, jars.ann!)).res.status, 303);
  const refused = await post(panel, SETTINGS, second, jars.ann!);
  assert.equal(refused.res.status, 409);
  assert.match(refused.text, /changed by someone else since you opened this page; nothing was saved/);
  assert.match(refused.text, /By the second admin\./);
  assert.match(readFileSync(yamlPath(), 'utf8'), /description: By the first admin\./);
});
