import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPanel, passSignInWindow, Jar, get, post, csrfOf, signIn, type PanelHarness } from '../helpers/panel-harness.ts';

let h: PanelHarness;
let ada: Jar;
let carl: Jar;
const PASSWORD = 'correct horse battery';
const TOKEN = /svc_[A-Za-z0-9]{40}/;

before(async () => {
  h = await startPanel();
  await h.deps.auth.accounts.create({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin', password: PASSWORD });
  await h.deps.auth.accounts.create({ name: 'Carl Contributor', email: 'carl@example.org', role: 'contributor', password: PASSWORD });
  await h.deps.auth.accounts.create({ name: 'Vera Viewer', email: 'vera@example.org', role: 'viewer', password: PASSWORD });
  writeFileSync(join(h.dir, 'data', 'roles.yaml'), 'viewer: [stats.view]\n');
  ada = await signIn(h, 'ada@example.org', PASSWORD);
  carl = await signIn(h, 'carl@example.org', PASSWORD);
});
after(() => h.close());
beforeEach(() => passSignInWindow(h));

async function createToken(jar: Jar, fields: Record<string, string | string[]>) {
  const page = await get(h, '/svc/panel/assistants', jar);
  return post(h, '/svc/panel/assistants', { csrf: csrfOf(page.text), ...fields }, jar);
}

test('the Assistants page needs a session (redirect to sign-in, coming back) and assistants.use (403)', async () => {
  const anonymous = await get(h, '/svc/panel/assistants');
  assert.equal(anonymous.res.status, 303);
  assert.equal(anonymous.res.headers.get('location'), '/svc/panel/sign-in?next=%2Fsvc%2Fpanel%2Fassistants');
  const vera = await signIn(h, 'vera@example.org', PASSWORD);
  const refused = await get(h, '/svc/panel/assistants', vera);
  assert.equal(refused.res.status, 403);
  assert.match(refused.text, /Your role does not allow this page\./);
  const page = await get(h, '/svc/panel/assistants', vera);
  const post403 = await post(h, '/svc/panel/assistants', { csrf: csrfOf(page.text), name: 'x', scopes: 'stats:read', expiry: '90d' }, vera);
  assert.equal(post403.res.status, 403);
  assert.equal(h.deps.auth.listTokens('vera').length, 0);
});

test('the create form offers only the scopes the role allows, with 90 days preselected', async () => {
  const { text } = await get(h, '/svc/panel/assistants', carl);
  assert.deepEqual([...text.matchAll(/name="scopes" value="([^"]+)"/g)].map((m) => m[1]), ['content:read', 'content:write']);
  assert.match(text, /<option value="90d" selected>90 days<\/option>/);
  const expiry = text.slice(text.indexOf('<select id="expiry"'));
  assert.deepEqual([...expiry.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]), ['30d', '90d', '1y', 'none']);
  const admin = await get(h, '/svc/panel/assistants', ada);
  assert.deepEqual([...admin.text.matchAll(/name="scopes" value="([^"]+)"/g)].map((m) => m[1]), ['stats:read', 'content:read', 'content:write', 'content:publish']);
});

test('creating a token shows it once with HTTP and stdio client settings; later pages never show it', async () => {
  const { res, text } = await createToken(ada, { name: 'Claude <laptop>', scopes: ['content:read', 'stats:read'], expiry: '30d' });
  assert.equal(res.status, 201);
  assert.equal(res.headers.get('cache-control'), 'private, no-store');
  const token = TOKEN.exec(text)![0];
  const record = h.deps.auth.listTokens('ada').find((r) => r.name === 'Claude <laptop>')!;
  assert.deepEqual(record.scopes, ['content:read', 'stats:read']);
  assert.equal(Date.parse(record.expires!) - Date.parse(record.created), 30 * 86_400_000);
  assert.ok(h.deps.auth.verify(token));
  assert.match(text, /Your new token: Claude &lt;laptop&gt;/);
  assert.ok(text.includes(`&quot;url&quot;: &quot;${h.url}/svc/mcp&quot;`));
  assert.ok(text.includes(`&quot;Authorization&quot;: &quot;Bearer ${token}&quot;`));
  assert.ok(text.includes(`--root=${h.dir}`));
  assert.match(text, new RegExp(`node /\\S+/dist/stdio\\.js --root=\\S+ --token=${token}`));
  assert.ok(text.includes(`claude mcp add --transport http site ${h.url}/svc/mcp --header &#39;Authorization: Bearer ${token}&#39;`));

  const later = await get(h, '/svc/panel/assistants', ada);
  assert.equal(later.text.includes(token), false);
  assert.doesNotMatch(later.text, TOKEN);
  assert.match(later.text, /<span class="name">Claude &lt;laptop&gt;<\/span>/);
  assert.match(later.text, /<dt>Expires<\/dt><dd>2026-\d\d-\d\d \d\d:\d\d UTC<\/dd>/);
  assert.match(later.text, /<dt>Last used<\/dt><dd>2026-\d\d-\d\d \d\d:\d\d UTC<\/dd>/);
  for (const dir of ['tokens', 'sessions', 'accounts']) {
    for (const file of readdirSync(join(h.dir, 'data', dir))) {
      assert.equal(readFileSync(join(h.dir, 'data', dir, file), 'utf8').includes(token), false);
    }
  }
  assert.equal(h.logs.join('\n').includes(token), false);
});

test('a create post without the CSRF token is refused with 403 and creates nothing', async () => {
  const before = h.deps.auth.listTokens().length;
  const { res, text } = await post(h, '/svc/panel/assistants', { name: 'Forged', scopes: 'content:read', expiry: '90d' }, ada);
  assert.equal(res.status, 403);
  assert.match(text, /The form has expired or did not come from this site\./);
  const wrong = await post(h, '/svc/panel/assistants', { csrf: 'nope', name: 'Forged', scopes: 'content:read', expiry: '90d' }, ada);
  assert.equal(wrong.res.status, 403);
  const other = await get(h, '/svc/panel/assistants', carl);
  const crossed = await post(h, '/svc/panel/assistants', { csrf: csrfOf(other.text), name: 'Forged', scopes: 'content:read', expiry: '90d' }, ada);
  assert.equal(crossed.res.status, 403, "another session's CSRF token does not count");
  const signedOut = await post(h, '/svc/panel/assistants', { csrf: csrfOf(other.text), name: 'Forged', scopes: 'content:read', expiry: '90d' });
  assert.equal(signedOut.res.status, 403);
  assert.equal(h.deps.auth.listTokens().length, before);
});

test('a contributor cannot create a token with content:publish, even with a forged form', async () => {
  const { res, text } = await createToken(carl, { name: 'Sneaky', scopes: ['content:read', 'content:publish'], expiry: '90d' });
  assert.equal(res.status, 403);
  assert.match(text, /The role contributor may not grant the scope content:publish\./);
  assert.doesNotMatch(text, TOKEN);
  assert.equal(h.deps.auth.listTokens('carl').length, 0);
});

test('bad create forms are answered with the form again and a sentence', async () => {
  const cases: Array<[Record<string, string | string[]>, number, RegExp]> = [
    [{ name: '', scopes: 'content:read', expiry: '90d' }, 422, /The token name must be 1 to 100 characters, without control characters\./],
    [{ name: 'x'.repeat(101), scopes: 'content:read', expiry: '90d' }, 422, /The token name must be 1 to 100 characters/],
    [{ name: 'No scopes', expiry: '90d' }, 422, /Choose at least one scope\./],
    [{ name: 'Bad scope', scopes: 'root:all', expiry: '90d' }, 422, /There is no scope named &quot;root:all&quot;\./],
    [{ name: 'Bad expiry', scopes: 'content:read', expiry: '7d' }, 422, /Choose when the token expires: 30 days, 90 days, one year or no end\./],
    [{ name: 'No expiry field', scopes: 'content:read' }, 422, /Choose when the token expires/],
  ];
  for (const [fields, status, message] of cases) {
    const { res, text } = await createToken(carl, fields);
    assert.equal(res.status, status, JSON.stringify(fields));
    assert.match(text, message);
    assert.doesNotMatch(text, TOKEN);
  }
  assert.equal(h.deps.auth.listTokens('carl').length, 0);
});

test('revoking needs the CSRF token; then the token is gone and refused', async () => {
  const created = await createToken(carl, { name: 'Short lived', scopes: 'content:write', expiry: 'none' });
  const token = TOKEN.exec(created.text)![0];
  const record = h.deps.auth.listTokens('carl').find((r) => r.name === 'Short lived')!;
  assert.equal(record.expires, null);
  const noCsrf = await post(h, '/svc/panel/assistants/revoke', { id: record.id }, carl);
  assert.equal(noCsrf.res.status, 403);
  assert.ok(h.deps.auth.verify(token));
  const page = await get(h, '/svc/panel/assistants', carl);
  const done = await post(h, '/svc/panel/assistants/revoke', { csrf: csrfOf(page.text), id: record.id }, carl);
  assert.equal(done.res.status, 303);
  assert.equal(done.res.headers.get('location'), '/svc/panel/assistants?revoked=1');
  assert.equal(h.deps.auth.verify(token), null);
  const after = await get(h, '/svc/panel/assistants?revoked=1', carl);
  assert.match(after.text, /The token was revoked\./);
  assert.doesNotMatch(after.text, /Short lived/);
  const again = await post(h, '/svc/panel/assistants/revoke', { csrf: csrfOf(page.text), id: record.id }, carl);
  assert.equal(again.res.status, 404);
});

test("only people with team.manage see and revoke everyone's tokens", async () => {
  const adaToken = h.deps.auth.createToken({ ownerId: 'ada', name: 'Ada only', scopes: ['stats:read'], expiresInDays: 90 });
  const carlToken = h.deps.auth.createToken({ ownerId: 'carl', name: 'Carl drafts', scopes: ['content:write'], expiresInDays: 90 });
  const carlPage = await get(h, '/svc/panel/assistants', carl);
  assert.doesNotMatch(carlPage.text, /Ada only/);
  assert.doesNotMatch(carlPage.text, /Everyone else/);
  const stolen = await post(h, '/svc/panel/assistants/revoke', { csrf: csrfOf(carlPage.text), id: adaToken.record.id }, carl);
  assert.equal(stolen.res.status, 404);
  assert.ok(h.deps.auth.verify(adaToken.token));

  const adaPage = await get(h, '/svc/panel/assistants', ada);
  assert.match(adaPage.text, /Everyone else's tokens/);
  assert.match(adaPage.text, /Carl drafts[\s\S]*<dt>Person<\/dt><dd>Carl Contributor<\/dd>/);
  const revoked = await post(h, '/svc/panel/assistants/revoke', { csrf: csrfOf(adaPage.text), id: carlToken.record.id }, ada);
  assert.equal(revoked.res.status, 303);
  assert.equal(h.deps.auth.verify(carlToken.token), null);
});

test('over https the session cookie is Secure', async () => {
  const secure = await startPanel({ baseUrl: 'https://example.org' });
  try {
    await secure.deps.auth.accounts.create({ name: 'Sam', email: 'sam@example.org', role: 'author', password: PASSWORD });
    const jar = new Jar();
    const page = await get(secure, '/svc/panel/sign-in', jar);
    assert.match(page.res.headers.getSetCookie()[0]!, /; Secure$/);
    const { res } = await post(secure, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email: 'sam@example.org', password: PASSWORD }, jar);
    assert.match(res.headers.getSetCookie().find((c) => c.startsWith('svc_session='))!, /^svc_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);
  } finally {
    await secure.close();
  }
});

test('the stylesheet is served and small', async () => {
  const { res, text } = await get(h, '/svc/panel/panel.css');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/css; charset=utf-8');
  // Every page's rules, the statistics dashboard's (its grid, cards, tabs and chart), the dark scheme's colours
  // and the desktop layout (screen-css.ts) included.
  assert.ok(text.length < 20_000, `${text.length} characters`);
});
