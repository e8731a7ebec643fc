// Which folders are entries is decided by one rule everywhere (entries/entry-id.ts isSlug: 1 to 80 lowercase
// letters, digits and dashes, no dash at either end): the watcher and the sweeps took any length and a
// trailing dash, so such a folder was listed with an address that then answered 422, its id was refused by
// every tool, the kept index was thrown away at each start, and a 250-character name could not be recorded.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { entry, entryText, writeEntryFile } from '../helpers/write-site.ts';
import { waitFor } from '../helpers/wait-for.ts';

const published = (title: string) => entry({ title, status: 'published', date: '2026-02-10 09:00', published: '2026-02-10 09:00', author: 'admin' }, 'Text.');
const root = createFixtureSite({ 'content/posts/first/en.md': entryText(published('First')) });
let server: TestServer | undefined;
after(() => server?.close());

const ids = async () => ((await (await fetch(`${server!.url}/svc/api/v1/entries?limit=100`)).json()) as { data: Array<{ id: string }> }).data.map((row) => row.id).sort();

test('folders that are no entry ids are left out, made while the server runs or found at its start', async () => {
  server = await startTestServer(root, { rateLimits: false });
  const before = await ids();
  assert.ok(before.includes('posts/first'));
  const odd = ['b'.repeat(81), 'c'.repeat(250), 'trail-'];
  for (const name of odd) writeEntryFile(root, `content/posts/${name}/en.md`, published(name.slice(0, 20)));
  writeEntryFile(root, `content/posts/${'a'.repeat(80)}/en.md`, published('Eighty'));
  writeEntryFile(root, 'content/posts/added-by-hand/en.md', published('Added'));
  const expected = [...before, `posts/${'a'.repeat(80)}`, 'posts/added-by-hand'].sort();
  await waitFor(async () => assert.deepEqual(await ids(), expected));
  // What was found (or passed over) by the watcher is what a full pass finds.
  await server.close();
  server = await startTestServer(root, { rateLimits: false });
  assert.deepEqual(await ids(), expected);
  for (const id of expected) assert.equal((await fetch(`${server.url}/svc/api/v1/entry?id=${id}`)).status, 200, id);
});
