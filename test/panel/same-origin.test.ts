// Panel forms need, beside the CSRF token, that no browser says they came from another site: a foreign
// Origin, Origin null or Sec-Fetch-Site cross-site is 403 and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startPanel, Jar, get, post, csrfOf, signIn, type PanelHarness } from '../helpers/panel-harness.ts';

const PASSWORD = 'correct horse battery';
let h: PanelHarness;
let ada: Jar;

before(async () => {
  h = await startPanel();
  await h.deps.auth.accounts.create({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin', password: PASSWORD });
  ada = await signIn(h, 'ada@example.org', PASSWORD);
});
after(() => h.close());

async function createToken(headers: Record<string, string>) {
  const page = await get(h, '/svc/panel/assistants', ada);
  return post(h, '/svc/panel/assistants', { csrf: csrfOf(page.text), name: 'From a form', scopes: 'content:read', expiry: '90d' }, ada, headers);
}

test('a form posted from another site, with the right CSRF token, is 403 and makes no token', async () => {
  const before = h.deps.auth.listTokens().length;
  for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
    const { res, text } = await createToken(headers);
    assert.equal(res.status, 403, JSON.stringify(headers));
    assert.match(text, /did not come from this site/);
  }
  assert.equal(h.deps.auth.listTokens().length, before);
});

test('the same form from the panel itself (same Origin, Sec-Fetch-Site same-origin or none, or neither) is taken', async () => {
  const host = new URL(h.url).host;
  const before = h.deps.auth.listTokens().length;
  for (const headers of [{ origin: `http://${host}`, 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, {}]) {
    const { res } = await createToken(headers);
    assert.equal(res.status, 201, JSON.stringify(headers));
  }
  assert.equal(h.deps.auth.listTokens().length, before + 3);
});

test('signing in through a form on another site is 403 and starts no session', async () => {
  const jar = new Jar();
  const page = await get(h, '/svc/panel/sign-in', jar);
  const { res } = await post(h, '/svc/panel/sign-in', { csrf: csrfOf(page.text), email: 'ada@example.org', password: PASSWORD }, jar, { origin: 'https://evil.example' });
  assert.equal(res.status, 403);
  assert.equal((await get(h, '/svc/panel/assistants', jar)).res.status, 303);
});
