// What search finds in a card (content/search/search-text.ts): the text its page shows (a button's label,
// a callout's title, a quote's author), never its settings (a button's style and address, a callout's tone),
// so a word only a setting holds finds nothing and an address is never indexed. An index made before this
// rule (schema 2) is built anew at the next start.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { searchableBody } from '../../dist/content/search/search-text.js';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { entry, entryText } from '../helpers/write-site.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

const BODY = [
  'Join us at the fair.',
  '::: button Register href="mailto:tickets@fair.example" style="primary"',
  '::: button Leave href="javascript:alert(1)" style="secondary"',
  '::: callout warning title="Bring boots"',
  'Mud everywhere.',
  ':::',
  '::: quote author="Ada Lovelace" source="Notes"',
  'A quotation.',
  ':::',
  '::: video https://video.example/watch?v=1 title="The fair in film"',
  '::: image src="media/posts/fair/a.png" alt="A tent" caption="The big tent"',
  '::: banner colour="crimson"',
  'Banner words.',
  ':::',
].join('\n');

test('a card\'s shown texts are searched, its settings and addresses are not', () => {
  assert.equal(searchableBody(BODY), [
    'Join us at the fair.', 'Register', 'Leave', 'Bring boots', 'Mud everywhere.', 'Ada Lovelace · Notes', 'A quotation.',
    'The fair in film', 'A tent · The big tent', 'Banner words.',
  ].join('\n'));
});

let root = '';
let server: TestServer;

const ids = async (q: string): Promise<string[]> => {
  const answer = await (await fetch(`${server.url}/svc/api/v1/entries?q=${encodeURIComponent(q)}`)).json() as { data: Array<{ id: string }> };
  return answer.data.map((row) => row.id);
};

async function startReady(): Promise<TestServer> {
  const started = await startTestServer(root, { rateLimits: false });
  started.deps.content.search.start();
  await waitFor(() => assert.equal(started.deps.content.search.state().state, 'ready'));
  return started;
}

before(async () => {
  root = createFixtureSite({
    'content/posts/fair/en.md': entryText(entry({ title: 'The Fair', status: 'published', date: '2026-01-20 09:00', published: '2026-01-20 09:00', author: 'admin' }, BODY)),
  });
  server = await startReady();
});
after(() => server.close());

test('on the site, a button is found by its label, not by its style or address', async () => {
  assert.deepEqual(await ids('register'), ['posts/fair']);
  assert.deepEqual(await ids('boots'), ['posts/fair']);
  for (const q of ['primary', 'secondary', 'mailto', 'tickets', 'javascript', 'alert', 'warning', 'crimson', 'video.example']) {
    assert.deepEqual(await ids(q), [], q);
  }
});

test('an index of the schema before is built anew, not searched as it is', async () => {
  await server.close();
  // As the index was kept by the code before: schema 2, a button's style among the post's words.
  const db = new DatabaseSync(join(root, 'data', 'cache', 'search.sqlite'));
  db.exec(`UPDATE meta SET value = '2' WHERE key = 'schema'`);
  db.exec(`UPDATE text_stemmed SET body = body || ' primary' WHERE rowid = (SELECT id FROM docs WHERE entry = 'posts/fair')`);
  db.close();
  server = await startReady();
  assert.deepEqual(await ids('primary'), []);
  assert.deepEqual(await ids('register'), ['posts/fair']);
});
