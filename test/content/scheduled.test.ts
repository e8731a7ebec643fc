import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

const servers: { close(): Promise<void> }[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

test('a scheduled entry becomes published when its time comes, with no cron, and its file follows', async () => {
  // posts/later is scheduled for 2099-01-01 10:00 in Berlin, that is 09:00 UTC.
  let now = Date.parse('2098-12-31T23:00:00Z');
  const root = createFixtureSite();
  const server = await startTestServer(root, { clock: () => now });
  servers.push(server);
  const read = async () => (await (await fetch(`${server.url}/svc/api/v1/entries?limit=100`)).json() as any).data.map((entry: any) => entry.id);
  assert.ok(!(await read()).includes('posts/later'));
  assert.equal((await fetch(`${server.url}/later`)).status, 404);
  now = Date.parse('2099-01-01T09:00:00Z');
  assert.ok((await read()).includes('posts/later'));
  assert.equal((await fetch(`${server.url}/later`)).status, 200);
  await waitFor(() => assert.match(readFileSync(join(root, 'content/posts/later/en.md'), 'utf8'), /^status: published$/m));
});
