// The status of a delete the panel refuses, over real HTTP: a refusal for the role is a 403, as a save,
// publish, style or upload refused for the role is; what stands in the way in the entries themselves (pages
// below, an entry gone) stays a 409, and nothing chosen a 400. Nothing refused is moved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
const jars: Record<string, Jar> = {};
const DELETE = '/svc/panel/entries/delete';

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  for (const key of ['ann', 'carl', 'ava'] as const) jars[key] = await served.signIn(`${key}@example.org`);
});
after(() => served.close());

const content = (...parts: string[]) => join(site.root, 'content', ...parts);
const csrf = async (who: string) => csrfOf((await get(panel, '/svc/panel/entries', jars[who])).text);

test('an author deleting an admin\'s post, its translation or its file is refused for the role with 403', async () => {
  const token = await csrf('ava');
  for (const fields of [{ id: 'posts/hello' }, { id: 'posts/hello', language: 'de' }, { id: 'posts/hello', file: 'photo.png' }]) {
    const answer = await post(panel, DELETE, { csrf: token, ...fields }, jars.ava);
    assert.equal(answer.res.status, 403, JSON.stringify(fields));
    assert.match(answer.text, /Nothing was moved to the trash\. Your role \(author\) may only change your own entries; posts\/hello belongs to someone else\./, JSON.stringify(fields));
  }
  assert.ok(existsSync(content('posts', 'hello', 'en.md')));
  assert.ok(existsSync(content('posts', 'hello', 'de.md')));
  assert.ok(existsSync(content('media', 'posts', 'hello', 'photo.png')));
});

test('a contributor refused for the role on two entries at once gets 403 too', async () => {
  const answer = await post(panel, DELETE, { csrf: await csrf('carl'), id: ['posts/hello', 'posts/hike-day'] }, jars.carl);
  assert.equal(answer.res.status, 403);
  assert.match(answer.text, /posts\/hello belongs to someone else\..*posts\/hike-day belongs to someone else\./s);
});

test('refusals that are not the role\'s keep their statuses: pages below 409, one gone among others 409, nothing chosen 400', async () => {
  // Sent from its question page, with the versions of the texts it shows.
  const asked = await get(panel, `${DELETE}?id=pages/about`, jars.ann);
  const form = /<form method="post" action="\/svc\/panel\/entries\/delete">(.*?)<\/form>/s.exec(asked.text)![1]!;
  const fields: Record<string, string[]> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) (fields[name!] ??= []).push(value!.replaceAll('&amp;', '&'));
  const nested = await post(panel, DELETE, fields, jars.ann);
  assert.equal(nested.res.status, 409);
  assert.match(nested.text, /has pages below it \(pages\/about\/team\)/);
  // Carl may not see Bob's draft (gone, as far as he knows) nor change Ann's post: not only the role's.
  const mixed = await post(panel, DELETE, { csrf: await csrf('carl'), id: ['posts/bobs-draft', 'posts/hello'] }, jars.carl);
  assert.equal(mixed.res.status, 409);
  const none = await post(panel, DELETE, { csrf: await csrf('carl') }, jars.carl);
  assert.equal(none.res.status, 400);
  assert.ok(existsSync(content('pages', 'about', 'en.md')));
  assert.ok(existsSync(content('posts', 'bobs-draft', 'en.md')));
});
