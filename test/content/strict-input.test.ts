// Text is saved exactly as sent, or refused with a sentence: a lone surrogate (JSON's "\ud800") has no UTF-8
// form and bytes that are not UTF-8 would be read as U+FFFD, so both are refused wherever text would be
// written to a file (MCP tools over HTTP and stdio, panel forms, OAuth registration), and nothing is written.
// The OAuth token endpoint takes each parameter once, under its plain name, as UTF-8.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestSite } from '../helpers/test-site.ts';
import { callTool, type HttpHarness } from '../helpers/mcp-http.ts';
import { spawnStdio, type StdioChild } from '../helpers/stdio-child.ts';
import { csrfOf, get, type Jar, type PanelHarness, versionOf } from '../helpers/panel-harness.ts';
import { fileContents } from '../helpers/folder-contents.ts';
import { serveTestSite, type ServedSite } from '../helpers/served-site.ts';

let served: ServedSite;
let site: TestSite;
let http: HttpHarness;
let stdio: StdioChild;
let base: string;
let jar: Jar;

before(async () => {
  ({ site, http, base } = served = await serveTestSite());
  const token = site.deps.auth.createToken({ ownerId: 'ann', name: 'strict', scopes: ['content:read', 'content:write'], expiresInDays: null }).token;
  stdio = spawnStdio([`--token=${token}`, `--root=${site.root}`]);
  await stdio.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
  jar = await served.signIn('ann@example.org');
});
after(async () => {
  await stdio.exit();
  await served.close();
});

/** Every file below content/ with its bytes, to show a refusal wrote nothing. */
function contentFiles(): Record<string, string> {
  return fileContents(join(site.root, 'content'), 'base64');
}

const refusal = (where: string) => ({
  content: [{ type: 'text', text: `The text in ${where} holds a lone surrogate (half of a UTF-16 pair), which cannot be saved as UTF-8; send it as well-formed Unicode.` }],
  isError: true,
});

for (const [tool, args, where] of [
  ['content_create', { title: 'Caf\ud800e' }, 'title'],
  ['content_create', { title: 'Fine', body: 'Text \udc00 more' }, 'body'],
  ['content_create', { title: 'Fine', fields: { tags: ['alps', 'n\ud83d'] } }, 'fields.tags[1]'],
  ['content_update', { id: 'posts/hello', title: '\ud800' }, 'title'],
  ['content_update', { id: 'posts/hello', body: 'a\udfffb' }, 'body'],
  ['content_update', { id: 'posts/hello', fields: { excerpt: 'x\ud800' } }, 'fields.excerpt'],
  ['content_style', { id: 'posts/hello', css: 'main p::after { content: "\ud800"; }' }, 'css'],
] as const) {
  test(`MCP ${tool} refuses a lone surrogate in ${where} with a sentence, and writes nothing`, async () => {
    const before = contentFiles();
    assert.deepEqual(await callTool(site, http.url, site.tokens.admin!, tool, args), refusal(where));
    assert.deepEqual(contentFiles(), before);
  });
}

test('a surrogate pair (an emoji) is saved as it was sent', async () => {
  const answer = await callTool(site, http.url, site.tokens.admin!, 'content_update', { id: 'posts/hello', body: 'Sunny \ud83c\udf1e day.' });
  assert.equal(answer.isError, undefined);
  assert.match(readFileSync(join(site.root, 'content', 'posts', 'hello', 'en.md'), 'utf8'), /Sunny 🌞 day\./);
});

test('stdio refuses a lone surrogate with the same sentence, and a line that is not UTF-8 with -32700; nothing is written', async () => {
  const before = contentFiles();
  const surrogate = await stdio.request('tools/call', { name: 'content_update', arguments: { id: 'posts/hello', title: 'x\ud800' } });
  assert.deepEqual(surrogate.result, refusal('title'));
  stdio.child.stdin.write(Buffer.concat([
    Buffer.from('{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"content_update","arguments":{"id":"posts/hello","title":"Caf'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('"}}}\n'),
  ]));
  assert.deepEqual(await stdio.next(), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The message is not valid UTF-8.' } });
  assert.deepEqual((await stdio.request('ping')).result, {});
  assert.deepEqual(contentFiles(), before);
});

/** Posts a form body byte for byte with the signed-in panel session. */
async function postRaw(path: string, body: Buffer): Promise<{ status: number; text: string }> {
  const response = await fetch(base + path, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() }, body });
  return { status: response.status, text: await response.text() };
}

test('a panel form that is not UTF-8, as raw bytes or percent-encoded, is refused with a sentence and saves nothing', async () => {
  const page = await get({ url: base } as PanelHarness, '/svc/panel/entries/posts/hello', jar);
  // With the version stamp the edit form carries (a save from an older page is refused as such).
  const form = (title: Buffer) => Buffer.concat([Buffer.from(`csrf=${encodeURIComponent(csrfOf(page.text))}&version=${versionOf(page.text)}&id=posts%2Fhello&language=en&title=`), title, Buffer.from('&body=x&excerpt=&tags=')]);
  const before = contentFiles();
  for (const title of [Buffer.from('Caf%C3%28'), Buffer.from('%FF'), Buffer.from([0x43, 0xff, 0x43]), Buffer.from('%ED%A0%80')]) {
    const answer = await postRaw('/svc/panel/entries/save', form(title));
    assert.equal(answer.status, 400, title.toString('latin1'));
    assert.match(answer.text, /The form is not valid UTF-8; nothing was saved\./);
  }
  assert.deepEqual(contentFiles(), before);
  // The same form in good UTF-8 is saved: the check refuses only what it should.
  const saved = await postRaw('/svc/panel/entries/save', form(Buffer.from('Caf%C3%A9 %25 100%')));
  assert.equal(saved.status, 303);
  assert.match(readFileSync(join(site.root, 'content', 'posts', 'hello', 'en.md'), 'utf8'), /title: Café % 100%/);
});

async function tokenRequest(body: string | Buffer): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}/svc/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  return { status: response.status, json: await response.json() };
}

const invalidRequest = (description: string) => ({ status: 400, json: { error: 'invalid_request', error_description: description } });

test('the token endpoint refuses a repeated or array-shaped parameter with invalid_request, naming it', async () => {
  assert.deepEqual(await tokenRequest('grant_type=authorization_code&grant_type=authorization_code&code=a'), invalidRequest('grant_type must be sent only once.'));
  assert.deepEqual(await tokenRequest('grant_type=authorization_code&extra=1&extra=2'), invalidRequest('extra must be sent only once.'));
  assert.deepEqual(await tokenRequest('grant_type[]=authorization_code'), invalidRequest('Parameters are sent once each under their plain names; "grant_type[]" is not one.'));
  assert.deepEqual(await tokenRequest('grant_type=authorization_code&client_id[0]=svc-x'), invalidRequest('Parameters are sent once each under their plain names; "client_id[0]" is not one.'));
});

test('the token endpoint refuses a body that is not UTF-8, raw or percent-encoded, in the OAuth error shape', async () => {
  const notUtf8 = invalidRequest('The token request is not valid UTF-8.');
  assert.deepEqual(await tokenRequest(Buffer.concat([Buffer.from('grant_type=authorization_code&code='), Buffer.from([0xff, 0xfe])])), notUtf8);
  assert.deepEqual(await tokenRequest('grant_type=authorization_code&code=%FF%FE'), notUtf8);
  assert.deepEqual(await tokenRequest('grant_type=refresh_token&refresh_token=%C3'), notUtf8);
});

test('OAuth registration refuses a client name with a lone surrogate and stores nothing', async () => {
  const clients = join(site.root, 'data', 'oauth', 'clients');
  const count = () => { try { return readdirSync(clients).length; } catch { return 0; } };
  const before = count();
  const response = await fetch(`${base}/svc/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], client_name: 'Good \ud800 name' }) });
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), { error: 'invalid_client_metadata', error_description: 'client_name must be well-formed Unicode (it holds a lone surrogate).' });
  assert.equal(count(), before);
});
