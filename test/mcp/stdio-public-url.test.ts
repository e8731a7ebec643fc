// The stdio server listens nowhere, so every address it gives is the site's public one: site.yaml's `url`,
// or --base-url / SVC_BASE_URL when given; never http://127.0.0.1:8080 from a host and port it does not use.
// The real `node dist/stdio.js` child (run `make build` first).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { waitFor } from '../helpers/wait-for.ts';

let site: TestSite;
let token: string;

before(async () => {
  site = await makeTestSite();
  token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio', scopes: ['content:read', 'content:write'], expiresInDays: null }).token;
});
after(() => site.cleanup());

async function addresses(env: Record<string, string>, args: string[] = []) {
  const mcp = spawnStdio([`--token=${token}`, ...args], { SVC_ROOT: site.root, ...env });
  const info = (await mcp.request('tools/call', { name: 'site_info', arguments: {} })).result.structuredContent;
  const list = (await mcp.request('tools/call', { name: 'content_list', arguments: { limit: 1 } })).result.structuredContent;
  const created = (await mcp.request('tools/call', { name: 'content_create', arguments: { title: `Address check ${Math.random()}` } })).result.structuredContent;
  await mcp.exit();
  return { site: info.url, entry: list.entries[0].url, edit: created.edit_in_panel };
}

test('without a base URL every address is site.yaml\'s url', async () => {
  const found = await addresses({});
  assert.equal(found.site, 'https://alps.example');
  assert.match(found.entry, /^https:\/\/alps\.example\/[a-z0-9-]+$/);
  assert.match(found.edit, /^https:\/\/alps\.example\/svc\/panel\/entries\/posts\/address-check/);
});

test('SVC_BASE_URL or --base-url names the public address instead', async () => {
  const fromEnv = await addresses({ SVC_BASE_URL: 'https://www.alps.example/' });
  assert.equal(fromEnv.site, 'https://www.alps.example');
  assert.match(fromEnv.edit, /^https:\/\/www\.alps\.example\/svc\/panel\/entries\//);
  const fromFlag = await addresses({}, ['--base-url=https://flag.alps.example']);
  assert.equal(fromFlag.site, 'https://flag.alps.example');
  assert.match(fromFlag.entry, /^https:\/\/flag\.alps\.example\//);
});

test('an edit of site.yaml\'s url shows in the next answer, as the rest of site.yaml does', async () => {
  const file = join(site.root, 'content', 'site.yaml');
  const before = readFileSync(file, 'utf8');
  const mcp = spawnStdio([`--token=${token}`], { SVC_ROOT: site.root });
  try {
    assert.equal((await mcp.request('tools/call', { name: 'site_info', arguments: {} })).result.structuredContent.url, 'https://alps.example');
    writeFileSync(file, before.replace('url: https://alps.example', 'url: https://moved.example'));
    // The settings are read again when their file stamp changes, at the store's next look at the disk.
    await waitFor(async () => {
      assert.equal((await mcp.request('tools/call', { name: 'site_info', arguments: {} })).result.structuredContent.url, 'https://moved.example');
    }, 10_000);
    const created = (await mcp.request('tools/call', { name: 'content_create', arguments: { title: 'Moved' } })).result.structuredContent;
    assert.match(created.edit_in_panel, /^https:\/\/moved\.example\/svc\/panel\/entries\//);
  } finally {
    await mcp.exit();
    writeFileSync(file, before);
  }
});
