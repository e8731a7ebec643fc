// Fields a category keeps the same in every language follow an edit into the other translations, but never
// into a translation the person may not change (e.g. someone else's published one): then nothing changes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
const file = (language: string) => join(site.root, 'content/posts/shared-event', `${language}.md`);

before(async () => {
  site = await makeTestSite();
  mkdirSync(join(site.root, 'content/posts/shared-event'), { recursive: true });
  writeFileSync(file('en'), '---\ntitle: Shared event\nstatus: draft\nauthor: carl\ncategory: events\nstart: 2026-04-01 08:00\nlocation: Berlin\n---\n\nDraft.\n');
  writeFileSync(file('de'), '---\ntitle: Gemeinsame Veranstaltung\nstatus: published\npublished: 2026-03-01 10:00\nauthor: ann\ncategory: events\nstart: 2026-04-01 08:00\nlocation: Berlin\n---\n\nLive.\n');
  ({ http } = served = await serveTestSite({ site }));
});
after(() => served.close());

test('a contributor cannot push a shared field into another person\'s published translation; nothing is written', async () => {
  const before = { en: readFileSync(file('en'), 'utf8'), de: readFileSync(file('de'), 'utf8') };
  const result = await callTool(site, http.url, site.tokens.contributor!, 'content_update', { id: 'posts/shared-event', language: 'en', fields: { location: 'Elsewhere' } });
  assert.equal(result.isError, true);
  assert.match(result.content[0].text, /^location is kept the same in every language, and the de translation cannot be changed by you: .* Nothing was changed\.$/);
  assert.equal(readFileSync(file('en'), 'utf8'), before.en);
  assert.equal(readFileSync(file('de'), 'utf8'), before.de);
});

test('someone who may change every translation changes the shared field in all of them', async () => {
  const result = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/shared-event', language: 'en', fields: { location: 'Vienna' } });
  assert.equal(result.isError, undefined);
  assert.match(readFileSync(file('en'), 'utf8'), /^location: Vienna$/m);
  assert.match(readFileSync(file('de'), 'utf8'), /^location: Vienna$/m);
});
