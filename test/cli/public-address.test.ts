// The site's public address (--base-url, SVC_BASE_URL, `svc init --url`) is glued in front of every absolute
// address svc gives and published by `svc mcp server-json`: one with a query, a fragment or a user name and
// password is refused with exit code 2 and a sentence that never repeats the password, by the command line
// and by both servers (config.ts), and init writes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { contents, HELP, siteWithAdmin, svc } from './run-svc.ts';
import { startRealServer } from '../helpers/special-files.ts';

const root = siteWithAdmin('svc-public-address-');
const SECRET = 's3cret-Pw';

const BAD: Array<[string, string]> = [
  [`https://ada:${SECRET}@example.org`, 'must not hold a user name or password'],
  [`https://${SECRET}@example.org/blog`, 'must not hold a user name or password'],
  ['https://@example.org', 'must not hold a user name or password'],
  ['https://example.org/?utm=1', 'must not have a ? query or # fragment'],
  ['https://example.org/?', 'must not have a ? query or # fragment'],
  ['https://example.org/#top', 'must not have a ? query or # fragment'],
];

for (const [address, problem] of BAD) {
  test(`the public address ${address.replace(SECRET, '<password>')} is refused as a flag, a setting and init's --url`, () => {
    const flag = svc(['user', 'list', '--root', root, '--base-url', address]);
    assert.deepEqual([flag.code, flag.err, flag.out], [2, `svc: --base-url ${problem}; ${HELP}\n`, '']);
    const setting = svc(['mcp', 'server-json', '--root', root], { env: { SVC_BASE_URL: address } });
    assert.deepEqual([setting.code, setting.err, setting.out], [2, `svc: the setting SVC_BASE_URL ${problem}; ${HELP}\n`, '']);
    const fresh = join(makeTempFolder('svc-init-url-'), 'site');
    mkdirSync(fresh);
    const init = svc(['init', '--root', fresh, '--url', address]);
    assert.deepEqual([init.code, init.err, init.out], [2, `svc: --url ${problem} (the site's public address, like https://example.org); ${HELP}\n`, '']);
    assert.deepEqual(contents(fresh), []);
  });
}

test('both servers refuse such an address too, without repeating the password', () => {
  for (const entry of ['server.js', 'stdio.js']) {
    const file = fileURLToPath(new URL(`../../dist/${entry}`, import.meta.url));
    const result = spawnSync(process.execPath, [file, `--root=${root}`, '--token=svc_whatever', '--port=0'], {
      env: { PATH: process.env.PATH, SVC_BASE_URL: `https://ada:${SECRET}@example.org` }, input: '', encoding: 'utf8', timeout: 30_000,
    });
    assert.equal(result.status, 2, entry);
    assert.equal(result.stderr, 'svc: the setting SVC_BASE_URL must not hold a user name or password.\n', entry);
    assert.ok(!result.stderr.includes(SECRET), entry);
  }
});

test('an address with a path stays one: server-json publishes its remote below it', () => {
  const result = svc(['mcp', 'server-json', '--root', root, '--base-url', 'https://example.org/blog/']);
  assert.equal(result.code, 0, result.err);
  assert.ok(result.out.includes('"url": "https://example.org/blog/svc/mcp"'), result.out);
});

test('a server started on port 0 names the port it bound in the MCP discovery and the 401, as its OAuth metadata does', async () => {
  const server = await startRealServer(root);
  try {
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-protected-resource/svc/mcp`)).json() as { resource: string; authorization_servers: string[] };
    const issuer = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json() as { issuer: string }).issuer;
    assert.deepEqual(metadata, { ...metadata, resource: `${server.url}/svc/mcp`, authorization_servers: [issuer] });
    assert.equal(issuer, server.url);
    const refused = await fetch(`${server.url}/svc/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate') ?? '', new RegExp(`resource_metadata="${server.url}/\\.well-known/oauth-protected-resource/svc/mcp"`));
  } finally {
    await server.stop();
  }
});

test('an address of other scripts is written as the parser writes it: every page is served, and its addresses are ASCII', async () => {
  mkdirSync(join(root, 'content', 'posts', 'greetings'), { recursive: true });
  writeFileSync(join(root, 'content', 'posts', 'greetings', 'en.md'), '---\ntitle: Grüße\nstatus: published\npublished: 2026-01-02 10:00\ntags: [reise]\n---\n\nHallo.\n');
  const server = await startRealServer(root, { SVC_BASE_URL: 'http://例え.jp/blög' });
  try {
    for (const path of ['/', '/greetings', '/greetings.md', '/feed.xml']) {
      const answer = await fetch(`${server.url}${path}`);
      assert.equal(answer.status, 200, `${path}: ${await answer.text()}`);
      const link = answer.headers.get('link') ?? '';
      assert.ok(!/[^\x00-\x7f]/.test(link), `${path}: ${link}`);
    }
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-protected-resource/svc/mcp`)).json() as { resource: string };
    assert.equal(metadata.resource, 'http://xn--r8jz45g.jp/bl%C3%B6g/svc/mcp');
  } finally {
    await server.stop();
  }
  assert.equal(server.stderr().includes('internal error'), false, server.stderr());
});
