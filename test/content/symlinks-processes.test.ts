// Symbolic links seen by the other processes (the real stdio server, the real CLI), a site root that is
// itself reached through a link (which must keep working), and the checks of lib/no-follow.ts that close
// the check-then-use race: a folder swapped for a link after it was opened changes nothing.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { makeTestSite } from '../helpers/test-site.ts';
import { spawnStdio } from '../helpers/stdio-child.ts';
import { startTestServer } from '../helpers/test-server.ts';
import { makePng } from '../helpers/images.ts';
import { LinkRefusedError, openFolderNoFollow, readTextNoFollow } from '../../dist/lib/no-follow.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';

const CLI_JS = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const cleanups: Array<() => void | Promise<void>> = [];
after(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const WARNING = (path: string) => `svc: skipping ${path}: it is a symbolic link, and links below content/ and the data folder are never followed`;

test('the stdio server answers a linked entry folder as an unknown id and warns once on stderr', async () => {
  const site = await makeTestSite();
  cleanups.push(() => site.cleanup());
  const outside = scratch('svc-outside-');
  writeFileSync(join(outside, 'en.md'), '---\ntitle: Outside\nstatus: published\n---\nTOP SECRET\n');
  symlinkSync(outside, join(site.root, 'content', 'posts', 'linked'));
  const token = site.deps.auth.createToken({ ownerId: 'ann', name: 'stdio', scopes: ['content:read', 'content:write'], expiresInDays: null }).token;
  const mcp = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await mcp.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  const unknown = `There is no entry with the id "posts/linked". Call content_list to see the entries' ids.`;
  const read = await mcp.request('tools/call', { name: 'content_read', arguments: { id: 'posts/linked' } });
  assert.deepEqual(read.result, { content: [{ type: 'text', text: unknown }], isError: true });
  const update = await mcp.request('tools/call', { name: 'content_update', arguments: { id: 'posts/linked', body: 'overwritten' } });
  assert.deepEqual(update.result, { content: [{ type: 'text', text: unknown }], isError: true });
  await mcp.exit();
  assert.deepEqual(mcp.stderr().trim().split('\n'), [WARNING('content/posts/linked')]);
  assert.equal(readFileSync(join(outside, 'en.md'), 'utf8'), '---\ntitle: Outside\nstatus: published\n---\nTOP SECRET\n');
  assert.deepEqual(readdirSync(outside), ['en.md']);
});

test('the CLI does not list a token whose file is a link, and warns once', () => {
  const root = createFixtureSite();
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const outside = scratch('svc-outside-');
  const svc = (args: string[]) => spawnSync(process.execPath, [CLI_JS, ...args, `--root=${root}`], { encoding: 'utf8', env: { PATH: process.env.PATH }, input: 'a long enough password\n' });
  assert.equal(svc(['user', 'add', '--email', 'ann@example.org', '--name', 'Ann', '--role', 'admin', '--password-stdin']).status, 0);
  assert.equal(svc(['token', 'create', '--user', 'ann@example.org', '--name', 'kept']).status, 0);
  assert.equal(svc(['token', 'create', '--user', 'ann@example.org', '--name', 'linked']).status, 0);
  const tokens = join(root, 'data', 'tokens');
  const linked = readdirSync(tokens).find((name) => readFileSync(join(tokens, name), 'utf8').includes('"linked"'))!;
  renameSync(join(tokens, linked), join(outside, linked));
  symlinkSync(join(outside, linked), join(tokens, linked));
  const list = svc(['token', 'list']);
  assert.equal(list.status, 0);
  assert.match(list.stdout, /\tkept\t/);
  assert.doesNotMatch(list.stdout, /\tlinked\t/);
  assert.deepEqual(list.stderr.trim().split('\n'), [WARNING(`data/tokens/${linked}`)]);
});

test('a site whose root is reached through a link (/var/www -> /srv) keeps working: read, write, upload, serve', async () => {
  const real = createFixtureSite();
  cleanups.push(() => rmSync(real, { recursive: true, force: true }));
  const holder = scratch('svc-www-');
  const root = join(holder, 'www');
  symlinkSync(real, root);
  const server = await startTestServer(root, { rateLimits: false });
  cleanups.push(() => server.close());
  const account = await server.deps.auth.accounts.create({ name: 'Ann Admin', email: 'ann@example.org', role: 'admin', password: 'a long password' });
  const { token } = server.deps.auth.createToken({ ownerId: account.id, name: 'root link', scopes: ['content:read', 'content:write'], expiresInDays: null });
  const call = async (name: string, args: Record<string, unknown>) => {
    const response = await fetch(`${server.url}/svc/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    return (await response.json()).result;
  };
  assert.equal((await call('content_read', { id: 'posts/hello' })).structuredContent.fields.title, 'Hello World');
  assert.equal((await call('content_update', { id: 'posts/hello', title: 'Hello through a link' })).isError, undefined);
  assert.match(readFileSync(join(real, 'content', 'posts', 'hello', 'en.md'), 'utf8'), /title: Hello through a link/);
  const upload = await call('media_upload', { id: 'posts/hello', name: 'dot.png', data: makePng(2, 2).toString('base64') });
  assert.equal(upload.structuredContent.file, 'media/posts/hello/dot.png');
  assert.equal((await fetch(`${server.url}/media/posts/hello/dot.png`)).status, 200);
  assert.equal((await fetch(`${server.url}/svc/api/v1/entry?id=posts/hello`)).status, 200);
  assert.equal(existsSync(join(real, 'data', 'revisions', 'posts', 'hello', 'en')), true);
});

test('the CLI works in a root reached through a link: init, a person and a token, and no warning', () => {
  const real = scratch('svc-real-');
  const root = join(scratch('svc-www-'), 'www');
  symlinkSync(real, root);
  const svc = (args: string[], input = '') => spawnSync(process.execPath, [CLI_JS, ...args, `--root=${root}`], { encoding: 'utf8', env: { PATH: process.env.PATH }, input });
  for (const run of [
    svc(['init', '--title', 'Linked Root']),
    svc(['user', 'add', '--email', 'ann@example.org', '--name', 'Ann', '--role', 'admin', '--password-stdin'], 'a long enough password\n'),
    svc(['token', 'create', '--user', 'ann@example.org', '--name', 'through the link']),
    svc(['token', 'list']),
  ]) {
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
  }
  assert.match(readFileSync(join(real, 'content', 'site.yaml'), 'utf8'), /title: Linked Root/);
  assert.equal(readdirSync(join(real, 'data', 'tokens')).filter((name) => name.endsWith('.json')).length, 1);
});

test('a folder swapped for a link after it was opened: what is written through the open folder stays in the site', () => {
  const root = scratch('svc-race-');
  const outside = scratch('svc-outside-');
  const trusted = new TrustedFolders([join(root, 'data')]);
  const folder = join(root, 'data', 'revisions');
  mkdirSync(folder, { recursive: true });
  const open = openFolderNoFollow(trusted, folder);
  try {
    // The attacker's swap, between the check and the use.
    renameSync(folder, join(root, 'data', 'moved'));
    symlinkSync(outside, folder);
    const fd = open.create('written.md', 'exclusive');
    writeFileSync(fd, 'kept inside');
  } finally {
    open.close();
  }
  assert.deepEqual(readdirSync(outside), []);
  assert.equal(readFileSync(join(root, 'data', 'moved', 'written.md'), 'utf8'), 'kept inside');
});

test('a plain file reached through a linked folder above it is refused, though the file itself is no link', () => {
  const root = scratch('svc-parent-');
  const outside = scratch('svc-outside-');
  const warned: string[] = [];
  const trusted = new TrustedFolders([join(root, 'content')], (line) => warned.push(line));
  mkdirSync(join(outside, 'hello'));
  writeFileSync(join(outside, 'hello', 'en.md'), 'TOP SECRET');
  mkdirSync(join(root, 'content'));
  symlinkSync(outside, join(root, 'content', 'posts'));
  assert.throws(() => readTextNoFollow(trusted, join(root, 'content', 'posts', 'hello', 'en.md')), (error: unknown) => error instanceof LinkRefusedError && error.message === 'There is no such file.');
  assert.deepEqual(warned, [WARNING('content/posts')]);
});
