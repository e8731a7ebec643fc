// No FIFO, socket or device where the site expects a file can hang or break the server (issue 31). Each was
// found by a hostile-input corpus: a FIFO at content/media/<id>/f.png hung the whole server on the first
// request for it (the open waited for a writer on the main thread), after which every request timed out and
// SIGTERM was ignored. Now each is refused without blocking and answers as a missing file does; the index
// skips and reports it; `svc check` names it. Run against the built server as a child process (dist/), so a
// read that blocks shows as an unanswered request here, not as a hung test runner.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite, type TestSite } from '../helpers/test-site.ts';
import { MCP_HEADERS } from '../helpers/mcp-http.ts';
import { Jar, csrfOf } from '../helpers/panel-harness.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { CLI_JS, closeSockets, fetchOrHang, placeDeviceLink, placeFifo, placeSocket, startRealServer, type RealServer } from '../helpers/special-files.ts';

const cleanups: Array<() => void | Promise<void>> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await closeSockets();
});

/** The test site, its tokens made again without an end (the child server runs on the real clock, not the site's). */
async function siteFor(): Promise<TestSite> {
  const site = await makeTestSite();
  site.deps.content.close();
  cleanups.push(() => site.cleanup());
  site.tokens.admin = site.deps.auth.createToken({ ownerId: 'ann', name: 'test admin forever', scopes: ['content:read', 'content:write', 'content:publish'], expiresInDays: null }).token;
  site.tokens.editor = site.deps.auth.createToken({ ownerId: 'bob', name: 'test editor forever', scopes: ['content:read'], expiresInDays: null }).token;
  return site;
}

async function serve(site: TestSite): Promise<RealServer> {
  const server = await startRealServer(site.root);
  cleanups.push(() => { if (server.child.exitCode === null) server.child.kill('SIGKILL'); });
  return server;
}

let rpcId = 1;
async function tool(server: RealServer, token: string, name: string, args: Record<string, unknown>): Promise<{ status: number; result: any }> {
  const res = await fetchOrHang(`${server.url}/svc/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await res.text();
  return { status: res.status, result: text ? JSON.parse(text).result : undefined };
}

/** A plain GET / answers 200: the server still serves what it can. */
async function stillServes(server: RealServer): Promise<void> {
  const home = await fetchOrHang(`${server.url}/`);
  assert.equal(home.status, 200);
  await home.text();
}

async function signIn(server: RealServer, email: string): Promise<{ status: number; jar: Jar }> {
  const jar = new Jar();
  const page = await fetchOrHang(`${server.url}/svc/panel/sign-in`);
  jar.take(page);
  const res = await fetchOrHang(`${server.url}/svc/panel/sign-in`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), origin: server.url },
    body: new URLSearchParams({ csrf: csrfOf(await page.text()), email, password: 'correct horse battery' }).toString(),
  });
  jar.take(res);
  await res.text();
  return { status: res.status, jar };
}

async function panelPage(server: RealServer, jar: Jar, path: string): Promise<{ status: number; text: string }> {
  const res = await fetchOrHang(`${server.url}${path}`, { headers: { cookie: jar.header() }, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

/** The file of the token named `test <name>` (token files are named by the token's hash). */
function tokenFile(site: TestSite, name: string): string {
  const dir = join(site.root, 'data', 'tokens');
  return join(dir, readdirSync(dir).find((file) => readFileSync(join(dir, file), 'utf8').includes(`"test ${name}"`))!);
}

test('a FIFO, a socket or a device link at every file the server reads answers as missing; the server keeps serving and stops on SIGTERM', async () => {
  const site = await siteFor();
  const at = (path: string) => join(site.root, path);
  placeFifo(at('content/media/posts/hello/f.png'));
  await placeSocket(at('content/media/posts/hello/s.png'));
  placeDeviceLink(at('content/media/posts/hello/z.png'), '/dev/zero');
  placeFifo(at('content/posts/hello/de.md'));
  await placeSocket(at('content/posts/hello/style.css'));
  placeFifo(at('theme/theme.yaml'));
  placeDeviceLink(at('theme/translations/de.yaml'), '/dev/zero');
  placeFifo(at('plugins/maps/plugin.yaml'));
  placeDeviceLink(at('plugins/off/plugin.yaml'), '/dev/urandom');
  placeFifo(at('data/accounts/carl.yaml'));
  placeFifo(tokenFile(site, 'editor forever'));
  const server = await serve(site);
  const admin = site.tokens.admin!;

  for (const name of ['f.png', 's.png', 'z.png']) {
    const media = await fetchOrHang(`${server.url}/media/posts/hello/${name}`);
    assert.equal(media.status, 404, name);
    assert.deepEqual(await media.json(), { message: 'No such file.' });
  }
  const page = await fetchOrHang(`${server.url}/hello`);
  assert.equal(page.status, 200);
  assert.doesNotMatch(await page.text(), /teal/, 'the socket is no style');
  const german = await fetchOrHang(`${server.url}/de/`);
  assert.equal(german.status, 200, 'the German words stay English: /dev/zero is not read');
  await german.text();

  const entries = await fetchOrHang(`${server.url}/svc/api/v1/entries`);
  assert.equal(entries.status, 200);
  await entries.text();
  const entry = await fetchOrHang(`${server.url}/svc/api/v1/entry?id=posts/hello&language=de`, { headers: { authorization: `Bearer ${admin}` } });
  assert.ok([200, 404].includes(entry.status), `the API answers (${entry.status})`);
  await entry.text();

  const read = await tool(server, admin, 'content_read', { id: 'posts/hello', language: 'de' });
  assert.equal(read.result.structuredContent.requested_language_missing, true);
  assert.equal(read.result.structuredContent.style, '');
  assert.deepEqual(read.result.structuredContent.files, ['media/posts/hello/photo.png', 'media/posts/hello/view.jpg']);
  assert.equal((await tool(server, admin, 'content_list', { limit: 100 })).result.isError, undefined);
  assert.equal((await tool(server, admin, 'site_info', {})).result.isError, undefined);
  const cards = await tool(server, admin, 'content_cards', {});
  assert.equal(cards.result.isError, undefined);
  assert.ok(!JSON.stringify(cards.result).includes('"map"'), 'the FIFO plugin.yaml offers no card');
  assert.equal((await tool(server, site.tokens.editor!, 'content_list', {})).status, 401, 'a token whose file is a FIFO is unknown');

  const ann = await signIn(server, 'ann@example.org');
  assert.equal(ann.status, 303);
  assert.equal((await panelPage(server, ann.jar, '/svc/panel/entries/posts/hello')).status, 200);
  assert.equal((await panelPage(server, ann.jar, '/svc/panel/media')).status, 200);
  assert.notEqual((await signIn(server, 'carl@example.org')).status, 303, 'an account whose file is a FIFO cannot sign in');

  await stillServes(server);
  assert.match(server.stderr(), /svc: skipping content\/posts\/hello\/de\.md: it is a FIFO, not a regular file\n/);
  assert.equal(await server.stop(), 0);
});

test('a translation or a revision that becomes a FIFO while serving is skipped and reported by the sweep, and answers no request with a hang', async () => {
  const site = await siteFor();
  const server = await serve(site);
  const admin = site.tokens.admin!;
  assert.equal((await tool(server, admin, 'content_update', { id: 'posts/old-news', body: 'Newer.' })).result.isError, undefined);
  const revisions = join(site.root, 'data', 'revisions', 'posts', 'old-news', 'en');
  for (const name of readdirSync(revisions)) placeFifo(join(revisions, name));
  placeFifo(join(site.root, 'content', 'posts', 'hike-day', 'en.md'));
  // The hand edit is found by the freshness sweep (or the next request's look), and reported once.
  await waitFor(() => assert.match(server.stderr(), /svc: skipping content\/posts\/hike-day\/en\.md: it is a FIFO, not a regular file\n/), 30_000);
  const read = await tool(server, admin, 'content_read', { id: 'posts/hike-day' });
  assert.equal(read.result.isError, true);
  assert.match(read.result.content[0].text, /There is no entry with the id "posts\/hike-day"/);
  assert.equal((await fetchOrHang(`${server.url}/hike-day`)).status, 404);
  const ann = await signIn(server, 'ann@example.org');
  const history = await panelPage(server, ann.jar, '/svc/panel/revisions?id=posts/old-news');
  assert.equal(history.status, 200);
  for (const [, link] of history.text.matchAll(/href="(\/svc\/panel\/revisions\/diff\?[^"]+)"/g)) {
    const diff = await panelPage(server, ann.jar, link!.replaceAll('&amp;', '&'));
    assert.ok(diff.status < 500, `a FIFO revision answers (${diff.status})`);
  }
  assert.equal((await fetchOrHang(`${server.url}/old-news`)).status, 200);
  await stillServes(server);
  assert.equal(await server.stop(), 0);
});

test('a FIFO site.yaml: the server refuses to start with one line saying why, instead of hanging', async () => {
  const site = await siteFor();
  placeFifo(join(site.root, 'content', 'site.yaml'));
  const started = spawnSync(process.execPath, [join(CLI_JS, '..', 'server.js'), `--root=${site.root}`, '--port=0', '--host=127.0.0.1'], { encoding: 'utf8', env: { PATH: process.env.PATH }, timeout: 30_000 });
  assert.equal(started.signal, null, 'it did not hang');
  assert.equal(started.status, 1);
  assert.equal(started.stderr, `svc: ${join(site.root, 'content', 'site.yaml')} is missing or not a regular file, so there is no site here.\n`);
});

test('svc check names each FIFO, socket and device link and says it is not a regular file, without hanging', async () => {
  const site = await siteFor();
  const at = (path: string) => join(site.root, path);
  placeFifo(at('content/media/posts/hello/f.png'));
  await placeSocket(at('content/posts/hello/style.css'));
  placeFifo(at('content/posts/hello/de.md'));
  placeFifo(at('plugins/maps/plugin.yaml'));
  placeDeviceLink(at('theme/translations/de.yaml'), '/dev/zero');
  placeFifo(at('data/accounts/carl.yaml'));
  const result = spawnSync(process.execPath, [CLI_JS, 'check', '--root', site.root], { cwd: '/', env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 30_000 });
  assert.equal(result.signal, null, 'it did not hang');
  assert.equal(result.status, 1);
  const lines = result.stdout.split('\n');
  for (const line of [
    'content/media/posts/hello/f.png: This is a FIFO, not a regular file; svc ignores it.',
    'content/posts/hello/de.md: This is a FIFO, not a regular file; svc ignores it.',
    'content/posts/hello/style.css: This is a socket, not a regular file; svc ignores it.',
    'data/accounts/carl.yaml: This is a FIFO, not a regular file; svc ignores it.',
    'plugins/maps/plugin.yaml: This is a FIFO, not a regular file; svc ignores it.',
  ]) assert.ok(lines.includes(line), `${line}\n${result.stdout}`);
  assert.ok(lines.includes('theme/translations/de.yaml: This is a symbolic link to /dev/zero, a character device, not a regular file; svc ignores it.'), result.stdout);
});
